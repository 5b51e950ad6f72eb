import Link from 'next/link';
import { Age } from '@/components/widgets/age';
import type { ConfigDetail } from '@/lib/catalog/configs-endpoints';
import { formatCost } from '@/lib/catalog/format';
import { ServerState } from '@/components/list/server-state';
import type { Loaded } from '@/lib/queries/loaded';
import { incidentHref, type ComponentIncident } from '@/lib/incidents';
import { agentHref } from '@/lib/access';
import { scraperHref } from '@/lib/resources';
import { ProgressBar } from '@/components/widgets/progress-bar';
import { propertyProgress } from '@/lib/format/progress';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** A percentage property, or one with a max, drawn as a bar under its text (spec 001 §9). */
function PropertyBar({
  property,
}: {
  property: Parameters<typeof propertyProgress>[0] & { name?: string | null };
}) {
  const progress = propertyProgress(property);
  return progress ? (
    <ProgressBar
      value={progress.value}
      max={progress.max}
      label={property.name ?? undefined}
      className="mt-1"
    />
  ) : null;
}

/**
 * The item's side panel: properties, costs, scraper, agent, created/updated/deleted and last scraped, and the
 * incidents the item is evidence in (`incidents` is null when the incidents feature is off). The scraper links to its
 * page only for those who may read scrapers (the backend's rule: admins).
 */
export function ConfigSidePanel({
  item,
  canReadScrapers,
  incidents,
}: {
  item: ConfigDetail;
  canReadScrapers: boolean;
  incidents: Loaded<ComponentIncident[]> | null;
}) {
  const properties = (item.properties ?? []).filter((p) => p.name && (p.text || p.value !== undefined));
  const costs = [
    ['Per minute', item.cost_per_minute],
    ['1 day', item.cost_total_1d],
    ['7 days', item.cost_total_7d],
    ['30 days', item.cost_total_30d],
  ] as const;
  return (
    <aside aria-label="Details" className="flex w-full shrink-0 flex-col gap-4 lg:w-80">
      <section>
        <h2 className="mb-1 text-sm font-semibold">Details</h2>
        <dl>
          {item.description && <Row label="Description">{item.description}</Row>}
          {item.namespace && <Row label="Namespace">{item.namespace}</Row>}
          {item.scraper && (
            <Row label="Scraper">
              {canReadScrapers ? (
                <Link className="underline-offset-2 hover:underline" href={scraperHref(item.scraper.id)}>
                  {item.scraper.name ?? item.scraper.id}
                </Link>
              ) : (
                (item.scraper.name ?? item.scraper.id)
              )}
            </Row>
          )}
          {item.agent_id && (
            <Row label="Agent">
              <Link className="underline-offset-2 hover:underline" href={agentHref(item.agent_id)}>
                {item.agent_name ?? item.agent_id}
              </Link>
            </Row>
          )}
          <Row label="Created">
            <Age from={item.created_at} />
          </Row>
          <Row label="Updated">
            <Age from={item.updated_at} />
          </Row>
          {item.deleted_at && (
            <Row label="Deleted">
              <Age from={item.deleted_at} />
            </Row>
          )}
          {item.last_scraped_time && (
            <Row label="Last scraped">
              <Age from={item.last_scraped_time} />
            </Row>
          )}
        </dl>
      </section>
      {properties.length > 0 && (
        <section>
          <h2 className="mb-1 text-sm font-semibold">Properties</h2>
          <dl>
            {properties.map((p, i) => (
              <Row key={`${p.name}-${i}`} label={p.name ?? ''}>
                {p.text ?? String(p.value)}
                {p.unit ? ` ${p.unit}` : ''}
                <PropertyBar property={p} />
              </Row>
            ))}
          </dl>
        </section>
      )}
      {costs.some(([, v]) => v) && (
        <section>
          <h2 className="mb-1 text-sm font-semibold">Costs</h2>
          <dl>
            {costs.map(([label, v]) => (
              <Row key={label} label={label}>
                {formatCost(v) || '–'}
              </Row>
            ))}
          </dl>
        </section>
      )}
      {incidents && (
        <section aria-labelledby="config-incidents">
          <h2 id="config-incidents" className="mb-1 text-sm font-semibold">
            Incidents
          </h2>
          <ServerState
            result={incidents}
            empty="No incidents found"
            errorTitle="The incidents could not be loaded"
            compact
          >
            {(rows) => (
              <ul>
                {rows.map((i) => (
                  <li key={i.id} className="flex min-w-0 items-center gap-2 py-1 text-sm">
                    <Link
                      href={incidentHref(i.id)}
                      className="min-w-0 truncate text-primary underline-offset-2 hover:underline"
                    >
                      {i.title || i.id}
                    </Link>
                    <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                      {[i.severity, i.status].filter(Boolean).join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </ServerState>
        </section>
      )}
    </aside>
  );
}
