'use client';

import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { localListFeatures } from '@/components/data-table/features/local';
import { configColumns } from '@/components/catalog/config-columns';
import type { GraphItem } from '@/components/catalog/relationship-graph';

const base = configColumns<typeof localListFeatures, GraphItem>();
const columns: DataTableColumnDef<typeof localListFeatures, GraphItem>[] = [
  base.name,
  base.type,
  { id: 'direction', header: 'Direction', accessorFn: (row) => row.direction },
  base.health,
  base.tags,
];

/** The Relationships tab's table view: the related configs, sorted and paged in the browser. */
export function RelationshipsTable({ rows }: { rows: GraphItem[] }) {
  return (
    <DataTable
      features={localListFeatures}
      aria-label="Related configs"
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      enablePagination
      tableClassName="min-w-[48rem]"
    />
  );
}
