import Link from 'next/link';
import type { TopologyComponent } from '@/lib/topology/endpoints';
import { componentHref } from '@/lib/topology/href';
import { formatProperties } from '@/lib/topology/properties';
import { summaryLinks, type SummaryKind } from '@/lib/topology/summary';
import { cn } from '@/lib/utils';
import { ComponentIcon, resolveIcon } from '@/components/topology/component-icon';
import { PropertyValue } from '@/components/topology/property-value';
import { StatusDot } from '@/components/topology/status-dot';
import { StaticIcon } from '@/components/ui/static-icon';
import { agentHref } from '@/lib/access';

const SUMMARY_CLASS: Record<SummaryKind, string> = {
  healthy: 'border-green-600/40 text-green-800 dark:text-green-300',
  unhealthy: 'border-red-600/40 text-red-800 dark:text-red-300',
  warning: 'border-orange-500/50 text-orange-800 dark:text-orange-300',
  unknown: 'border-border text-foreground',
  incidents: 'border-red-600/40 text-red-800 dark:text-red-300',
  insights: 'border-orange-500/50 text-orange-800 dark:text-orange-300',
  checks: 'border-border text-foreground',
};

/** Links of a card rendered for a wall display open in a new tab; the console's stay in place. */
export type CardVariant = 'grid' | 'view';

export interface TopologyCardProps {
  component: TopologyComponent;
  /** The component's agent (not the local one), shown with a link to it (spec 001 §2.1). */
  agent?: { id: string; name: string };
  variant?: CardVariant;
  headingLevel?: 'h1' | 'h2' | 'h3';
  /** The card menu, passed in so that pages without it (the wall display) do not load its client code. */
  menu?: React.ReactNode;
  /**
   * Whether the incident counts link to the incidents list: not for a person the backend refuses incidents
   * (viewers, guests, editors), who see the counts as plain text (issue 37).
   */
  incidentLinks?: boolean;
}

/**
 * A component card, rendered on the server: icon, name, status with its dot and reason, properties with units
 * and links, the health summary as links, and the agent unless it is the local one.
 */
export function TopologyCard({
  component: c,
  agent,
  variant = 'grid',
  headingLevel = 'h2',
  menu,
  incidentLinks = true,
}: TopologyCardProps) {
  const Heading = headingLevel;
  const name = c.title || c.name;
  const headingId = `card-${c.id}`;
  const properties = formatProperties(c.properties);
  const links = summaryLinks(c.id, c.summary);
  const external = variant === 'view' ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <article
      aria-labelledby={headingId}
      data-testid="topology-card"
      data-component-id={c.id}
      data-row-id={c.id}
      className={cn(
        'flex min-w-0 flex-col rounded-lg border border-border bg-card text-foreground shadow-sm',
        // A wall display: the card across the screen, its type grown with it (app/globals.css).
        variant === 'view' && 'w-full',
      )}
    >
      <div className="flex items-start gap-3 border-b border-border p-3">
        <ComponentIcon icon={c.icon} type={c.type} className="mt-0.5 size-6" />
        <div className="min-w-0 flex-1">
          <Heading id={headingId} className="truncate text-base font-semibold" title={name}>
            <Link
              href={componentHref(c.id)}
              className="hover:underline focus-visible:underline"
              {...external}
            >
              {name}
            </Link>
          </Heading>
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <StatusDot status={c.status} />
            <span className="font-medium text-foreground" data-testid="component-status">
              {c.status || 'unknown'}
            </span>
            {c.status_reason && (
              <span className="truncate" title={c.status_reason}>
                · {c.status_reason}
              </span>
            )}
          </p>
          {(c.type || agent) && (
            <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              {c.type && <span>{c.type}</span>}
              {agent && (
                <span data-testid="agent-name">
                  Agent:{' '}
                  <Link href={agentHref(agent.id)} prefetch={false} className="hover:underline" {...external}>
                    {agent.name}
                  </Link>
                </span>
              )}
            </p>
          )}
        </div>
        {menu}
      </div>
      {properties.length > 0 && (
        <dl className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-x-4 gap-y-2 p-3 text-sm">
          {properties.map((p, i) => {
            const icon = p.icon ? resolveIcon(p.icon) : null;
            return (
              <div key={`${p.label}-${i}`} className="min-w-0">
                <dt className="flex items-center gap-1 truncate text-xs text-muted-foreground">
                  {icon && <StaticIcon icon={icon} className="size-3" />}
                  {p.label}
                </dt>
                <dd className="truncate font-medium" title={p.tooltip ?? p.text}>
                  <PropertyValue property={p} className="underline-offset-2" />
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {links.length > 0 && (
        <ul
          aria-label={`Health summary of ${name}`}
          className="mt-auto flex flex-wrap gap-1.5 border-t border-border p-3"
        >
          {links.map((l) => {
            const chipClass = cn(
              'inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-medium',
              SUMMARY_CLASS[l.kind],
            );
            return (
              <li key={`${l.kind}-${l.key}`}>
                {l.kind === 'incidents' && !incidentLinks ? (
                  <span className={chipClass}>{l.label}</span>
                ) : (
                  // Dozens of summary links per page: prefetching them all would load the server for little gain.
                  <Link
                    href={l.href}
                    prefetch={false}
                    {...external}
                    className={cn(
                      chipClass,
                      'hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    )}
                  >
                    {l.label}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}
