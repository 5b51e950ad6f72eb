'use client';

import type { DataTableColumnDef } from '@/components/data-table/data-table';
import type { localListFeatures } from '@/components/data-table/features/local';
import type { PagedListFeatures } from '@/components/data-table/features/paged';
import { HealthCell } from '@/components/catalog/catalog-cells';
import { ConfigName } from '@/components/catalog/config-name';
import { TagList } from '@/components/widgets/tag-list';

/** The fields of a config item that its list columns show. */
export interface ConfigLike {
  id: string;
  name?: string | null;
  type?: string | null;
  health?: string | null;
  status?: string | null;
  tags?: Record<string, unknown> | null;
  deleted_at?: string | null;
}

/**
 * The columns every list of config items starts with (the catalog list, an item's related configs): the name with
 * its type icon (struck through when deleted; the row links to the item: catalogItemHref), type, health with status, and the tags.
 */
export function configColumns<
  F extends PagedListFeatures | typeof localListFeatures,
  T extends ConfigLike,
>() {
  const name: DataTableColumnDef<PagedListFeatures, T> = {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.name ?? '',
    cell: ({ row }) => (
      <ConfigName
        name={row.original.name}
        type={row.original.type}
        deleted={Boolean(row.original.deleted_at)}
      />
    ),
    meta: { truncate: true },
  };
  const type: DataTableColumnDef<PagedListFeatures, T> = {
    id: 'type',
    header: 'Type',
    accessorFn: (row) => row.type ?? '',
  };
  const health: DataTableColumnDef<PagedListFeatures, T> = {
    id: 'health',
    header: 'Health',
    accessorFn: (row) => row.health ?? '',
    cell: ({ row }) => <HealthCell health={row.original.health} status={row.original.status} />,
  };
  const tags: DataTableColumnDef<PagedListFeatures, T> = {
    id: 'tags',
    header: 'Tags',
    enableSorting: false,
    accessorFn: (row) => JSON.stringify(row.tags ?? {}),
    cell: ({ row }) => <TagList tags={row.original.tags as Record<string, string> | null} max={3} />,
  };
  // The same definitions serve either preset: both have sorting and column visibility, the only options used here.
  return { name, type, health, tags } as unknown as Record<
    'name' | 'type' | 'health' | 'tags',
    DataTableColumnDef<F, T>
  >;
}
