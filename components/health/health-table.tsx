'use client';

import * as React from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight } from 'lucide';
import { useWindowedRows } from '@/components/data-table/use-windowed-rows';
import { usePreferences } from '@/components/providers/preferences-provider';
import { StaticIcon } from '@/components/ui/static-icon';
import { checkDisplayName } from '@/lib/health/check-name';
import type { HealthGroup } from '@/lib/health/grouping';
import type { HealthCheck } from '@/lib/health/types';
import type { HealthSortColumn } from '@/lib/search-params/health';
import { cn } from '@/lib/utils';
import {
  CheckLatency,
  CheckUptime,
  checkState,
  GroupUptime,
  HealthDot,
  Latency,
  preloadDateFormat,
  Transition,
} from '@/components/health/health-cells';

type DisplayRow =
  | { kind: 'group'; group: HealthGroup; expanded: boolean }
  | { kind: 'check'; check: HealthCheck; nested: boolean };

/** Flattens groups into visible rows; a group of one check is shown as that check. */
export function visibleRows(groups: readonly HealthGroup[], expanded: ReadonlySet<string>): DisplayRow[] {
  const rows: DisplayRow[] = [];
  for (const group of groups) {
    const only = group.checks.length === 1 ? group.checks[0] : undefined;
    if (only) {
      rows.push({ kind: 'check', check: only, nested: false });
      continue;
    }
    const open = expanded.has(group.key);
    rows.push({ kind: 'group', group, expanded: open });
    if (open) for (const check of group.checks) rows.push({ kind: 'check', check, nested: true });
  }
  return rows;
}

const COLUMNS: { id: HealthSortColumn; label: string; className?: string }[] = [
  { id: 'name', label: 'Checks', className: 'w-[40%]' },
  { id: 'health', label: 'Health' },
  { id: 'uptime', label: 'Uptime' },
  { id: 'latency', label: 'Latency' },
  { id: 'transition', label: 'Transition' },
];

export interface HealthTableProps {
  groups: readonly HealthGroup[];
  sortBy: HealthSortColumn | null;
  sortDesc: boolean;
  onSort: (sortBy: HealthSortColumn | null, desc: boolean) => void;
  checkHref: (check: HealthCheck) => string;
  onOpenCheck: (check: HealthCheck) => void;
  large?: boolean;
  /** Expand every group (e.g. when searching) so matches are visible. */
  expandAll?: boolean;
}

/** Next sort state of a header click: ascending, then descending, then unsorted. */
function nextSort(column: HealthSortColumn, sortBy: HealthSortColumn | null, desc: boolean): [HealthSortColumn | null, boolean] {
  if (sortBy !== column) return [column, false];
  if (!desc) return [column, true];
  return [null, false];
}

const ROW_HEIGHT = 41;
const LARGE_ROW_HEIGHT = 57;

/** The health list in table layout: sortable columns, expandable groups, windowed for thousands of rows. */
export function HealthTable({ groups, sortBy, sortDesc, onSort, checkHref, onOpenCheck, large, expandAll }: HealthTableProps) {
  const { preferences } = usePreferences();
  const [expanded, setExpanded] = React.useState<ReadonlySet<string>>(() => new Set());
  const [now] = React.useState(() => Date.now());
  const effectiveExpanded = React.useMemo(
    () => (expandAll ? new Set(groups.map((g) => g.key)) : expanded),
    [expandAll, groups, expanded],
  );
  const rows = React.useMemo(() => visibleRows(groups, effectiveExpanded), [groups, effectiveExpanded]);
  const rowHeight = large ? LARGE_ROW_HEIGHT : ROW_HEIGHT;
  const { containerRef, onScroll, start, end, paddingTop, paddingBottom } = useWindowedRows<HTMLDivElement>({
    count: rows.length,
    rowHeight,
    overscan: 10,
    initialHeight: 1400,
    enabled: rows.length > 60,
  });

  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div
      ref={containerRef}
      onScroll={onScroll}
      onPointerEnter={preloadDateFormat}
      className="max-h-[calc(100vh-12rem)] min-h-48 overflow-auto rounded-md border border-border"
      data-testid="health-table"
      tabIndex={rows.length > 60 ? 0 : undefined}
      role={rows.length > 60 ? 'region' : undefined}
      aria-label={rows.length > 60 ? 'Health checks list' : undefined}
    >
      <table className={cn('w-full table-fixed border-collapse', large ? 'text-lg' : 'text-sm')} aria-rowcount={rows.length + 1}>
        <caption className="sr-only">Health checks</caption>
        <thead className="sticky top-0 z-10 bg-background shadow-[0_1px_0_var(--color-border)]">
          <tr>
            {COLUMNS.map((column) => {
              const active = sortBy === column.id;
              const ariaSort = sortBy === column.id ? (sortDesc ? 'descending' : 'ascending') : 'none';
              const sortIcon = !active ? ArrowUpDown : sortDesc ? ArrowDown : ArrowUp;
              return (
                <th key={column.id} scope="col" aria-sort={ariaSort} className={cn('h-10 px-2 text-left font-medium', column.className)}>
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded-sm px-1 py-0.5 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => onSort(...nextSort(column.id, sortBy, sortDesc))}
                  >
                    {column.label}
                    <StaticIcon icon={sortIcon} className="size-3.5" />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden style={{ height: paddingTop }}>
              <td colSpan={5} />
            </tr>
          )}
          {rows.slice(start, end).map((row, i) => {
            const index = start + i + 2;
            if (row.kind === 'group') {
              const { group } = row;
              return (
                <tr key={`g:${group.key}`} aria-rowindex={index} className="border-b border-border bg-muted/30" style={{ height: rowHeight }}>
                  <td className="truncate px-2">
                    <button
                      type="button"
                      aria-expanded={row.expanded}
                      onClick={() => toggle(group.key)}
                      className="inline-flex max-w-full items-center gap-1 rounded-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <StaticIcon icon={row.expanded ? ChevronDown : ChevronRight} className="size-4 shrink-0" />
                      <span className="truncate">{group.key}</span>{' '}
                      <span className="shrink-0 text-xs font-normal text-muted-foreground">({group.total})</span>
                    </button>
                  </td>
                  <td className="px-2">
                    <HealthDot state={group.state} />
                  </td>
                  <td className="px-2">
                    <GroupUptime group={group} />
                  </td>
                  <td className="px-2">
                    <Latency ms={group.latency} />
                  </td>
                  <td className="px-2">
                    <Transition at={group.lastTransition} now={now} format={preferences.datetimeFormat} timezone={preferences.timezone} />
                  </td>
                </tr>
              );
            }
            const { check } = row;
            return (
              <tr key={`c:${check.id}:${row.nested ? 1 : 0}`} aria-rowindex={index} className="border-b border-border hover:bg-muted/50" style={{ height: rowHeight }}>
                <td className={cn('truncate px-2', row.nested && 'pl-8')}>
                  <a
                    href={checkHref(check)}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                      event.preventDefault();
                      onOpenCheck(check);
                    }}
                    className="rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {checkDisplayName(check)}
                  </a>
                </td>
                <td className="px-2">
                  <HealthDot state={checkState(check)} />
                </td>
                <td className="px-2">
                  <CheckUptime check={check} />
                </td>
                <td className="px-2">
                  <CheckLatency check={check} />
                </td>
                <td className="px-2">
                  <Transition at={check.last_transition_time} now={now} format={preferences.datetimeFormat} timezone={preferences.timezone} />
                </td>
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden style={{ height: paddingBottom }}>
              <td colSpan={5} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
