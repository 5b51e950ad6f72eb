import { ConfigActions } from '@/components/catalog/config-actions';
import { ComponentIcon } from '@/components/topology';
import { BreadcrumbTrail } from '@/components/widgets/breadcrumb-trail';
import { StatusDot } from '@/components/widgets/status-dot';
import { TagList } from '@/components/widgets/tag-list';
import type { ConfigDetail } from '@/lib/catalog/configs-endpoints';
import { configTypeHref } from '@/lib/catalog/search';

/**
 * An item's breadcrumb (Catalog → type → name) and header: health, status, type, tags and labels, and its action
 * bar (Link to Incident, Run Playbook: each shown only to who may use it).
 */
export function ConfigHeader({ item }: { item: ConfigDetail }) {
  const typeHref = configTypeHref(item.type ?? null);
  return (
    <header className="flex flex-col gap-2 px-4 pt-4">
      <BreadcrumbTrail
        steps={[
          { href: '/catalog', label: 'Catalog' },
          ...(item.type ? [{ href: typeHref, label: item.type }] : []),
        ]}
        current={item.name}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="flex min-w-0 items-center gap-2 text-xl font-semibold">
          <ComponentIcon type={item.type} />
          <span className="truncate">{item.name}</span>
        </h1>
        <span className="flex items-center gap-1.5 text-sm">
          <StatusDot status={item.health ?? 'unknown'} label={`Health: ${item.health ?? 'unknown'}`} />
          {item.health ?? 'unknown'}
        </span>
        {item.status && <span className="text-sm text-muted-foreground">Status: {item.status}</span>}
        {item.type && <span className="text-sm text-muted-foreground">Type: {item.type}</span>}
        {item.deleted_at && (
          <span className="rounded-md border border-destructive/40 px-1.5 text-sm text-destructive">
            Deleted{item.delete_reason ? ` (${item.delete_reason})` : ''}
          </span>
        )}
        <ConfigActions id={item.id} name={item.name ?? item.id} />
      </div>
      <TagList tags={item.tags as Record<string, string> | null} aria-label="Tags" />
      <TagList tags={item.labels as Record<string, string> | null} aria-label="Labels" />
    </header>
  );
}
