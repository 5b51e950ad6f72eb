import Link from 'next/link';
import { checkHref } from '@/lib/health';
import { catalogItemHref } from '@/lib/catalog';
import { componentHref } from '@/lib/topology';
import { cn } from '@/lib/utils';

/** Small parts the playbooks screens share: the run status badge and the run's resource link. */

const STATUS_CLASS: Record<string, string> = {
  completed: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  timed_out: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  cancelled: 'bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-100',
  skipped: 'bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-100',
  pending_approval: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  running: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
};

export const runStatusLabel = (status: string | null | undefined) =>
  (status ?? 'unknown').replaceAll('_', ' ');

/** A run or action status as a coloured word (the word carries the meaning; the colour only helps). */
export function RunStatusBadge({
  status,
  className,
  ...props
}: {
  status: string | null | undefined;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <span
      {...props}
      className={cn(
        'inline-flex w-fit items-center whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium capitalize',
        STATUS_CLASS[status ?? ''] ?? 'bg-muted text-foreground',
        className,
      )}
    >
      {runStatusLabel(status)}
    </span>
  );
}

export type RunResourceKind = 'component' | 'config' | 'check';

/** A resource's page: the component, the catalog item, or the health list with the check's panel open. */
export function runResourceHref(kind: RunResourceKind, id: string): string {
  if (kind === 'component') return componentHref(id);
  if (kind === 'config') return catalogItemHref(id);
  return checkHref(id);
}

interface RunResource {
  component_id?: string | null;
  config_id?: string | null;
  check_id?: string | null;
  component?: { id: string; name?: string | null } | null;
  config?: { id: string; name?: string | null; type?: string | null } | null;
  check?: { id: string; name?: string | null } | null;
}

/**
 * The resource a run targets: its embedded row's name, or only its id when the row did not come with the run (the
 * backend refused the embed, or the row is gone).
 */
export function resourceOfRun(
  run: RunResource,
): { kind: RunResourceKind; id: string; name: string | null; href: string } | null {
  const pick = (
    kind: RunResourceKind,
    row: { id: string; name?: string | null } | null | undefined,
    id: string | null | undefined,
  ) => {
    const resourceId = row?.id ?? id;
    return resourceId
      ? { kind, id: resourceId, name: row?.name || null, href: runResourceHref(kind, resourceId) }
      : null;
  };
  return (
    pick('component', run.component, run.component_id) ??
    pick('config', run.config, run.config_id) ??
    pick('check', run.check, run.check_id)
  );
}

/** A resource linked to its page by name, its id on hover; by id when the name is unknown. */
export function ResourceLink({
  kind,
  id,
  name,
}: {
  kind: RunResourceKind;
  id: string;
  name: string | null | undefined;
}) {
  return (
    <Link
      href={runResourceHref(kind, id)}
      title={name ? `ID: ${id}` : undefined}
      className={cn('text-primary underline-offset-2 hover:underline', !name && 'font-mono text-xs')}
      onClick={(e) => e.stopPropagation()}
    >
      {name || id}
    </Link>
  );
}

export function RunResourceLink({ run }: { run: RunResource }) {
  const resource = resourceOfRun(run);
  if (!resource) return <span className="text-muted-foreground">—</span>;
  return <ResourceLink kind={resource.kind} id={resource.id} name={resource.name} />;
}
