import Link from 'next/link';
import { checkHref } from '@/lib/search-params/health';
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

interface RunResource {
  component?: { id: string; name?: string | null } | null;
  config?: { id: string; name?: string | null; type?: string | null } | null;
  check?: { id: string; name?: string | null } | null;
}

/** The resource a run targets, linked to its page: a component, a config item or a health check. */
export function resourceOfRun(
  run: RunResource,
): { kind: 'component' | 'config' | 'check'; id: string; name: string; href: string } | null {
  if (run.component)
    return {
      kind: 'component',
      id: run.component.id,
      name: run.component.name ?? run.component.id,
      href: `/topology/${run.component.id}`,
    };
  if (run.config)
    return {
      kind: 'config',
      id: run.config.id,
      name: run.config.name ?? run.config.id,
      href: `/catalog/${run.config.id}`,
    };
  if (run.check)
    return {
      kind: 'check',
      id: run.check.id,
      name: run.check.name ?? run.check.id,
      href: checkHref(run.check.id),
    };
  return null;
}

export function RunResourceLink({ run }: { run: RunResource }) {
  const resource = resourceOfRun(run);
  if (!resource) return <span className="text-muted-foreground">—</span>;
  return (
    <Link
      href={resource.href}
      className="text-primary underline-offset-2 hover:underline"
      onClick={(e) => e.stopPropagation()}
    >
      {resource.name}
    </Link>
  );
}
