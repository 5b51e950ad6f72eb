'use client';

import * as React from 'react';
import type { SortingState, Updater } from '@tanstack/react-table';
import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { DataTableExport } from '@/components/data-table/data-table-export';
import { treeListFeatures } from '@/components/data-table/features/tree';
import { usePreferences } from '@/components/shell/preferences-provider';
import { CheckIcon } from '@/components/health/check-icon';
import { formatUptime } from '@/lib/format/percent';
import { checkDisplayName } from '@/lib/health/check-name';
import { groupUptimeLabel, latencyOf, type HealthGroup } from '@/lib/health/grouping';
import type { HealthCheck } from '@/lib/health/types';
import { cn } from '@/lib/utils';
import {
  CheckLatency,
  CheckUptime,
  checkState,
  GroupUptime,
  HealthDot,
  Latency,
  Transition,
} from '@/components/health/health-cells';
import { preloadDateFormat } from '@/components/widgets/use-date-format';

/** A row of the list: a group of checks (its children are the checks), or one check. */
export type HealthRow =
  | { id: string; group: HealthGroup; check?: undefined; children: HealthRow[] }
  | { id: string; check: HealthCheck; group?: undefined };

/**
 * The rows of sorted groups; a group of one check is shown as that check (spec 000 §2 groups). A check row's id
 * starts with the check's id as a word of its own, which marks it when the check changes (lib/live/row-marks.ts).
 */
export function healthRows(groups: readonly HealthGroup[]): HealthRow[] {
  return groups.map((group) => {
    const only = group.checks.length === 1 ? group.checks[0] : undefined;
    if (only) return { id: only.id, check: only };
    return {
      id: `g:${group.key}`,
      group,
      children: group.checks.map((check) => ({ id: `${check.id} in:${group.key}`, check })),
    };
  });
}

const getSubRows = (row: HealthRow) => (row.group ? row.children : undefined);
const getRowId = (row: HealthRow) => row.id;

export interface HealthTableProps {
  groups: readonly HealthGroup[];
  sorting: SortingState;
  onSortingChange: (updater: Updater<SortingState>) => void;
  checkHref: (check: HealthCheck) => string;
  onOpenCheck: (check: HealthCheck) => void;
  large?: boolean;
  /** Every group open (while searching, so that matches show). */
  expandAll?: boolean;
}

/** In rem: a wall display's rows grow with its type (41 and 57 px at the usual 16 px). */
const ROW_HEIGHT_REM = 2.5625;
const LARGE_ROW_HEIGHT_REM = 3.5625;

/** The health list in table layout (spec 000 §2): the kit's table over the screen's groups, windowed. */
export function HealthTable({
  groups,
  sorting,
  onSortingChange,
  checkHref,
  onOpenCheck,
  large,
  expandAll,
}: HealthTableProps) {
  const { preferences } = usePreferences();
  // The time the rows were first rendered at; "8s ago" moves on with the page's clock from the cells themselves.
  const [now] = React.useState(() => Date.now());
  const data = React.useMemo(() => healthRows(groups), [groups]);
  const columns = React.useMemo<DataTableColumnDef<typeof treeListFeatures, HealthRow>[]>(
    () => [
      {
        id: 'name',
        header: 'Checks',
        accessorFn: (row) => (row.check ? checkDisplayName(row.check) : row.group.key),
        meta: { className: 'max-w-0 w-[40%] truncate', headerClassName: 'w-[40%]', label: 'Check' },
        cell: ({ row }) => {
          const { check, group } = row.original;
          if (group) return `${group.key} (${group.total})`;
          return (
            <>
              <CheckIcon icon={check.icon} type={check.type} className="mr-2 inline align-[-3px]" />
              {checkDisplayName(check)}
            </>
          );
        },
      },
      {
        id: 'health',
        header: 'Health',
        accessorFn: (row) => (row.check ? checkState(row.check) : row.group.state),
        cell: ({ row }) => (
          <HealthDot
            state={row.original.check ? checkState(row.original.check) : row.original.group!.state}
          />
        ),
      },
      {
        id: 'uptime',
        header: 'Uptime',
        accessorFn: (row) =>
          row.check
            ? formatUptime(row.check.uptime.passed, row.check.uptime.failed)
            : groupUptimeLabel(row.group),
        cell: ({ row }) =>
          row.original.check ? (
            <CheckUptime check={row.original.check} />
          ) : (
            <GroupUptime group={row.original.group!} />
          ),
      },
      {
        id: 'latency',
        header: 'Latency',
        accessorFn: (row) => (row.check ? latencyOf(row.check) : row.group.latency),
        cell: ({ row }) =>
          row.original.check ? (
            <CheckLatency check={row.original.check} />
          ) : (
            <Latency ms={row.original.group!.latency} />
          ),
      },
      {
        id: 'transition',
        header: 'Transition',
        accessorFn: (row) => (row.check ? row.check.last_transition_time : row.group.lastTransition),
        cell: ({ row }) => (
          <Transition
            at={
              row.original.check
                ? row.original.check.last_transition_time
                : row.original.group!.lastTransition
            }
            now={now}
            tick
            format={preferences.datetimeFormat}
            timezone={preferences.timezone}
          />
        ),
      },
    ],
    [now, preferences.datetimeFormat, preferences.timezone],
  );

  return (
    <div onPointerEnter={preloadDateFormat} className="min-w-0">
      <DataTable
        features={treeListFeatures}
        columns={columns}
        data={data}
        getRowId={getRowId}
        getSubRows={getSubRows}
        // A check's row links to its panel (checkId and timeRange=1h); a plain click opens it in place.
        rowHref={(row) => (row.check ? checkHref(row.check) : undefined)}
        onRowOpen={(row) => row.check && onOpenCheck(row.check)}
        aria-label="Health checks"
        data-testid="health-table"
        sorting={sorting}
        onSortingChange={onSortingChange}
        manualSorting
        expandAll={expandAll}
        virtualize={data.length > 60 || expandAll}
        rowHeightRem={large ? LARGE_ROW_HEIGHT_REM : ROW_HEIGHT_REM}
        maxHeight="calc(100vh - 12rem)"
        tableClassName={cn('min-w-[40rem] table-fixed', large && 'text-lg')}
        toolbar={(table) => (
          <div className="flex justify-end">
            <DataTableExport table={table} name="Health checks" />
          </div>
        )}
      />
    </div>
  );
}
