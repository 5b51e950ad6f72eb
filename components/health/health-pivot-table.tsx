'use client';

import * as React from 'react';
import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { DataTableExport } from '@/components/data-table/data-table-export';
import { DataTableViewOptions } from '@/components/data-table/data-table-view-options';
import { useUrlColumns } from '@/components/data-table/use-url-columns';
import { localListFeatures } from '@/components/data-table/features/local';
import { formatUptime } from '@/lib/format/percent';
import { checkDisplayName } from '@/lib/health/check-name';
import { healthStateOf } from '@/lib/health/health-dot';
import { healthSearch } from '@/lib/health/search';
import { useUrlState } from '@/lib/search-params/use-url-state';
import type { HealthCheck } from '@/lib/health/types';
import { pivot, type PivotRow } from '@/lib/pivot';
import { HealthDot } from '@/components/health/health-cells';

type Row = PivotRow<HealthCheck>;

/** Checks pivoted by a label (spec 000 §2): one column per label value, one row per check name, paged by the kit. */
export function HealthPivotTable({
  checks,
  pivotBy,
  checkHref,
  onOpenCheck,
}: {
  checks: readonly HealthCheck[];
  pivotBy: string;
  checkHref: (check: HealthCheck) => string;
  onOpenCheck: (check: HealthCheck) => void;
}) {
  const table = React.useMemo(
    () => pivot(checks, checkDisplayName, (check) => check.labels[pivotBy]),
    [checks, pivotBy],
  );
  const columns = React.useMemo<DataTableColumnDef<typeof localListFeatures, Row>[]>(
    () => [
      { id: 'check', header: 'Checks', accessorFn: (row) => row.key, sortingFn: 'alphanumeric' },
      ...table.columns.map((column): DataTableColumnDef<typeof localListFeatures, Row> => ({
        id: `value:${column}`,
        header: `${pivotBy}: ${column}`,
        enableSorting: false,
        accessorFn: (row) => {
          const first = row.cells[column]?.[0];
          return first ? formatUptime(first.uptime.passed, first.uptime.failed) : '';
        },
        meta: { label: `${pivotBy}: ${column}` },
        cell: ({ row }) => {
          const cell = row.original.cells[column];
          const first = cell?.[0];
          if (!first || !cell) return <span className="text-muted-foreground">–</span>;
          return (
            <a
              href={checkHref(first)}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.button !== 0) return;
                event.preventDefault();
                onOpenCheck(first);
              }}
              className="inline-flex items-center gap-2 rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <HealthDot state={healthStateOf(cell)} />
              <span className="text-muted-foreground">
                {formatUptime(first.uptime.passed, first.uptime.failed)}
              </span>
            </a>
          );
        },
      })),
    ],
    [table.columns, pivotBy, checkHref, onOpenCheck],
  );
  // The columns chosen are kept in the address with the rest of the view (a saved view keeps them).
  const chosenColumns = useUrlColumns(useUrlState(healthSearch));
  return (
    <DataTable
      features={localListFeatures}
      columns={columns}
      {...chosenColumns}
      data={table.rows}
      getRowId={(row) => row.key}
      aria-label={`Health checks by ${pivotBy}`}
      data-testid="health-pivot"
      defaultSorting={[{ id: 'check', desc: false }]}
      enablePagination
      maxHeight="calc(100vh - 14rem)"
      toolbar={(instance) => (
        <div className="flex justify-end gap-2">
          <DataTableViewOptions table={instance} />
          <DataTableExport table={instance} name={`Health checks by ${pivotBy}`} />
        </div>
      )}
    />
  );
}
