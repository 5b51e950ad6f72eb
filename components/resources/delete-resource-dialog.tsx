'use client';

import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { toastDeleted } from '@/components/widgets/toast';
import { CONFIRM_DELETE_RESOURCE } from '@/lib/forms/messages';
import { useDeleteResource } from '@/lib/resources/mutations';
import { resourceTableQueries } from '@/lib/resources/queries';
import type { ResourceTableName } from '@/lib/resources/resource-tables';

/** The config items a scraper owns, listed in its delete confirmation (upstream-ui §2.8). */
function ScraperItems({ id }: { id: string }) {
  const query = useQuery(resourceTableQueries.scraperItems(id));
  if (query.isPending) return <span className="block text-xs">Looking up the config items it owns…</span>;
  if (query.isError || !query.data) return null;
  const { data: items, total } = query.data;
  if (items.length === 0) return <span className="block text-xs">It owns no config items.</span>;
  const count = total ?? items.length;
  return (
    <span className="mt-2 block text-xs">
      It owns {count} config {count === 1 ? 'item' : 'items'}
      {count > items.length ? `, the first ${items.length}:` : ':'}
      <span
        className="mt-1 block max-h-40 overflow-y-auto rounded-md border border-border p-2"
        role="list"
        aria-label="Config items it owns"
      >
        {items.map((item) => (
          <span key={item.id} role="listitem" className="block truncate">
            {item.name ?? item.id} <span className="text-muted-foreground">{item.type}</span>
          </span>
        ))}
      </span>
    </span>
  );
}

/** 'Are you sure you want to delete this resource?' → soft delete → '{name} deleted successfully'. */
export function DeleteResourceDialog({
  table,
  id,
  name,
  open,
  onOpenChange,
  onDeleted,
}: {
  table: ResourceTableName;
  id: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteResource(table);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${name}`}
      description={
        <>
          {CONFIRM_DELETE_RESOURCE}
          {table === 'config_scrapers' && open ? <ScraperItems id={id} /> : null}
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      onConfirm={async () => {
        await remove.mutateAsync(id);
        toastDeleted(name);
        onDeleted();
      }}
    />
  );
}
