import Link from 'next/link';
import { ComponentIcon } from '@/components/topology';
import { catalogItemHref } from '@/lib/catalog/href';
import { cn } from '@/lib/utils';

/**
 * A config item's type icon with its name, plain or as a link: apart from catalog-cells.tsx, so that the change and
 * insight feeds load it without the health and count cells (first-load budget, issue 34).
 */

export function ConfigName({
  name,
  type,
  deleted,
  className,
}: {
  name: string | null | undefined;
  type: string | null | undefined;
  deleted?: boolean;
  className?: string;
}) {
  return (
    <span className={cn('flex min-w-0 items-center gap-2', className)}>
      <ComponentIcon type={type} className="size-4" />
      <span className={cn('truncate', deleted && 'text-muted-foreground line-through')}>
        {name || '(unnamed)'}
      </span>
      {deleted && (
        <span className="shrink-0 rounded-md border border-destructive/40 px-1 text-xs text-destructive">
          Deleted
        </span>
      )}
    </span>
  );
}

/** A config item's name as a link to its page, in a list row (the click does not also select the row). */
export function ConfigNameLink({
  id,
  name,
  type,
  deletedAt,
}: {
  id: string;
  name: string | null | undefined;
  type: string | null | undefined;
  deletedAt?: string | null;
}) {
  return (
    <Link
      href={catalogItemHref(id)}
      className="block min-w-0 hover:underline"
      onClick={(e) => e.stopPropagation()}
    >
      <ConfigName name={name} type={type} deleted={Boolean(deletedAt)} />
    </Link>
  );
}
