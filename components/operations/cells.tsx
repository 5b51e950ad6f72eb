'use client';

import type { RowData } from '@tanstack/react-table';
import type { DataTableColumnDef } from '@/components/data-table/data-table';
import type { pagedListFeatures } from '@/components/data-table/features/paged';
import { usePreferences } from '@/components/shell/preferences-provider';
import { Age } from '@/components/widgets/age';

/** A time column in the chosen date format and timezone ('3h ago' under a week). */
export function TimeCell({ value }: { value: string | null | undefined }) {
  const { preferences } = usePreferences();
  return <Age from={value} format={preferences.datetimeFormat} timezone={preferences.timezone} />;
}

/** The column of a row's time field (created_at, last_failure, …): its text sorts, TimeCell shows it. */
export function timeColumn<Row extends RowData & { [P in K]?: string | null }, K extends string>(
  id: K,
  header: string,
): DataTableColumnDef<typeof pagedListFeatures, Row> {
  return {
    id,
    header,
    accessorFn: (row) => row[id] ?? '',
    cell: ({ row }) => <TimeCell value={row.original[id]} />,
  };
}
