'use client';

import type { DataTableColumnDef } from '@/components/data-table/data-table';
import type { pagedListFeatures } from '@/components/data-table/features/paged';
import { usePreferences } from '@/components/shell/preferences-provider';
import { Age } from '@/components/widgets/age';

/** A time column in the chosen date format and timezone ('3h ago' under a week). */
export function TimeCell({ value }: { value: string | null | undefined }) {
  const { preferences } = usePreferences();
  return <Age from={value} format={preferences.datetimeFormat} timezone={preferences.timezone} />;
}

type TimeField<Row> = {
  [K in keyof Row & string]: Row[K] extends string | null | undefined ? K : never;
}[keyof Row & string];

/** The column of a row's time field (created_at, last_failure, …): its text sorts, TimeCell shows it. */
export function timeColumn<Row>(
  id: TimeField<Row>,
  header: string,
): DataTableColumnDef<typeof pagedListFeatures, Row> {
  const valueOf = (row: Row) => row[id] as string | null | undefined;
  return {
    id,
    header,
    accessorFn: (row) => valueOf(row) ?? '',
    cell: ({ row }) => <TimeCell value={valueOf(row.original)} />,
  };
}
