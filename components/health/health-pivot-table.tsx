'use client';

import * as React from 'react';
import { formatUptime } from '@/lib/format/percent';
import { pivotChecks } from '@/lib/health/pivot';
import { healthStateOf } from '@/lib/health/health-dot';
import type { HealthCheck } from '@/lib/health/types';
import { HealthDot } from '@/components/health/health-cells';

/** Rows beyond this are cut: a pivot is a comparison view, not the full list. */
const PIVOT_ROW_LIMIT = 500;

/** Checks pivoted by a label: one column per label value, one row per check name. */
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
  const table = React.useMemo(() => pivotChecks(checks, pivotBy), [checks, pivotBy]);
  const rows = table.rows.slice(0, PIVOT_ROW_LIMIT);
  return (
    <div className="max-h-[calc(100vh-12rem)] overflow-auto rounded-md border border-border" data-testid="health-pivot">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Health checks by {pivotBy}</caption>
        <thead className="sticky top-0 bg-background">
          <tr className="border-b border-border">
            <th scope="col" className="h-10 px-2 text-left font-medium text-muted-foreground">
              Checks
            </th>
            {table.columns.map((column) => (
              <th key={column} scope="col" className="h-10 px-2 text-left font-medium text-muted-foreground">
                {pivotBy}: {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-border">
              <th scope="row" className="truncate px-2 py-2 text-left font-normal">
                {row.key}
              </th>
              {table.columns.map((column) => {
                const cell = row.cells[column];
                const first = cell?.[0];
                return (
                  <td key={column} className="px-2 py-2">
                    {first && cell ? (
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
                        <span className="text-muted-foreground">{formatUptime(first.uptime.passed, first.uptime.failed)}</span>
                      </a>
                    ) : (
                      <span className="text-muted-foreground">–</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows.length > PIVOT_ROW_LIMIT && (
        <p className="p-2 text-sm text-muted-foreground">
          Showing {PIVOT_ROW_LIMIT} of {table.rows.length} rows; narrow the list with search or filters.
        </p>
      )}
    </div>
  );
}
