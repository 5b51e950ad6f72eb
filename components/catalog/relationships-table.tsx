'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { localListFeatures } from '@/components/data-table/features/local';
import { configColumns } from '@/components/catalog/config-columns';
import type { GraphItem } from '@/components/catalog/relationship-graph';
import { directRelationsQuery } from '@/lib/catalog/direct-relations';
import { catalogItemHref } from '@/lib/catalog/href';

const base = configColumns<typeof localListFeatures, GraphItem>();
const columns: DataTableColumnDef<typeof localListFeatures, GraphItem>[] = [
  base.name,
  base.type,
  { id: 'direction', header: 'Direction', accessorFn: (row) => row.direction },
  // Only the item's own relationships have a kind; an item reached through another shows none.
  { id: 'relation', header: 'Relation', accessorFn: (row) => String(row.relation ?? '') },
  base.health,
  base.tags,
];

/**
 * The Relationships tab's table view: the related configs, sorted and paged in the browser, with how the item's
 * own neighbours are related (config_relationships; the walk does not say).
 */
export function RelationshipsTable({ configId, rows }: { configId: string; rows: GraphItem[] }) {
  const relations = useQuery(directRelationsQuery(configId));
  const data = React.useMemo(
    (): GraphItem[] => rows.map((row) => ({ ...row, relation: relations.data?.get(row.id) ?? '' })),
    [rows, relations.data],
  );
  return (
    <DataTable
      features={localListFeatures}
      aria-label="Related configs"
      columns={columns}
      data={data}
      getRowId={(row) => row.id}
      rowHref={(row) => catalogItemHref(row.id)}
      enablePagination
      tableClassName="min-w-[48rem]"
    />
  );
}
