'use client';

import { PagedList } from '@/components/list/paged-list';
import * as React from 'react';
import { useNow } from '@/components/widgets/use-now';
import { useQueryClient } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { Age } from '@/components/widgets/age';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { NativeSelectField } from '@/components/forms/native-select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/components/shell/preferences-provider';
import type { CheckStatus } from '@/lib/health/check-endpoints';
import { HEALTH_HISTORY_PAGE_SIZE } from '@/lib/constants';
import { formatDuration } from '@/lib/format/duration';
import { STATUS_COLOR_CLASS } from '@/lib/format/status';
import {
  HISTORY_DURATION_OPTIONS,
  HISTORY_STATUS_OPTIONS,
  historyStatusParam,
  parseDurationFilter,
  type HistoryStatusFilter,
} from '@/lib/health/history-filters';
import { checkQueries, useCheckHistory } from '@/lib/health/check-queries';
import { cn } from '@/lib/utils';

const CUSTOM = '__custom';
/** Spec 000 §2: the history pages by 50. */
const HISTORY_PAGE_SIZES = [HEALTH_HISTORY_PAGE_SIZE];

/** The History tab: Status and Duration filters, then Age / Duration / Message, 50 per page, offset by page. */
export function CheckHistory({ checkId, since }: { checkId: string; since: string }) {
  const { preferences } = usePreferences();
  const [status, setStatus] = React.useState<HistoryStatusFilter>('all');
  const [durationChoice, setDurationChoice] = React.useState<string>('all');
  const [typed, setTyped] = React.useState('');
  const [typedError, setTypedError] = React.useState<string | null>(null);
  const [minDuration, setMinDuration] = React.useState<number | undefined>(undefined);
  const [pageIndex, setPageIndex] = React.useState(0);
  // Relative times tick while the panel is open (issue 32), on the page's one clock.
  const now = useNow(undefined, true);
  const id = React.useId();

  const filters = { checkId, since, status: historyStatusParam(status), minDuration };
  const query = useCheckHistory({ ...filters, pageIndex, pageSize: HEALTH_HISTORY_PAGE_SIZE });
  const queryClient = useQueryClient();
  // The export reads every page with the same filters through the same query options.
  const fetchPage = (page: number, size: number) =>
    queryClient.fetchQuery(checkQueries.history({ ...filters, pageIndex: page, pageSize: size }));
  const total = query.data?.total;

  const chooseDuration = (value: string) => {
    setDurationChoice(value);
    setTypedError(null);
    if (value === CUSTOM) return;
    setPageIndex(0);
    if (value === 'all') setMinDuration(undefined);
    else {
      const parsed = parseDurationFilter(value);
      if (parsed.ok) setMinDuration(parsed.ms);
    }
  };

  const applyTyped = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseDurationFilter(typed);
    if (!parsed.ok) {
      setTypedError(parsed.error);
      return;
    }
    setTypedError(null);
    setPageIndex(0);
    setMinDuration(parsed.ms);
  };

  const pagination = React.useMemo(() => ({ pageIndex, pageSize: HEALTH_HISTORY_PAGE_SIZE }), [pageIndex]);
  const columns = React.useMemo<DataTableColumnDef<typeof pagedListFeatures, CheckStatus>[]>(
    () => [
      {
        id: 'age',
        header: 'Age',
        accessorFn: (row) => row.time,
        enableSorting: false,
        meta: { headerClassName: 'w-28' },
        cell: ({ row: { original: row } }) => (
          <span className="inline-flex items-center gap-1.5">
            <span
              aria-hidden
              className={cn(
                'inline-block size-2 rounded-full',
                STATUS_COLOR_CLASS[row.status ? 'green' : 'red'],
              )}
            />
            <span className="sr-only">{row.status ? 'Passed' : 'Failed'}, </span>
            <Age
              from={row.time}
              now={now}
              mode="relative"
              format={preferences.datetimeFormat}
              timezone={preferences.timezone}
            />
          </span>
        ),
      },
      {
        id: 'duration',
        header: 'Duration',
        accessorFn: (row) => row.duration,
        enableSorting: false,
        meta: { headerClassName: 'w-24' },
        cell: ({ row }) => formatDuration(row.original.duration),
      },
      {
        id: 'message',
        header: 'Message',
        accessorFn: (row) => [row.message, row.error].filter(Boolean).join(' '),
        enableSorting: false,
        meta: { className: 'whitespace-normal break-words' },
        cell: ({ row }) => [row.original.message, row.original.error].filter(Boolean).join(' ') || '–',
      },
    ],
    [now, preferences.datetimeFormat, preferences.timezone],
  );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <NativeSelectField label="Status">
          <NativeSelect
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as HistoryStatusFilter);
              setPageIndex(0);
            }}
          >
            {HISTORY_STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </NativeSelectField>
        <NativeSelectField label="Duration">
          <NativeSelect value={durationChoice} onChange={(e) => chooseDuration(e.target.value)}>
            <option value="all">All</option>
            {HISTORY_DURATION_OPTIONS.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
            <option value={CUSTOM}>Custom…</option>
          </NativeSelect>
        </NativeSelectField>
        {durationChoice === CUSTOM && (
          <form onSubmit={applyTyped} className="flex flex-col gap-1">
            <Label htmlFor={`${id}-typed`} className="text-xs text-muted-foreground">
              Minimum duration
            </Label>
            <div className="flex gap-2">
              <Input
                id={`${id}-typed`}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                placeholder="e.g. 250ms or 2s"
                aria-invalid={typedError ? true : undefined}
                aria-describedby={typedError ? `${id}-typed-error` : undefined}
                className="w-36"
              />
              <Button type="submit" variant="outline">
                Apply
              </Button>
            </div>
          </form>
        )}
      </div>
      {typedError && (
        <p id={`${id}-typed-error`} role="alert" className="text-sm text-destructive">
          {typedError}
        </p>
      )}
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No data available"
        errorTitle="The history could not be loaded"
        skeleton={<Skeleton className="h-40 w-full" />}
        compact
        aria-label="Check history"
        columns={columns}
        getRowId={(row) => row.time}
        rowCount={total}
        pagination={pagination}
        onPaginationChange={(next) =>
          setPageIndex(typeof next === 'function' ? next(pagination).pageIndex : next.pageIndex)
        }
        pageSizeOptions={HISTORY_PAGE_SIZES}
        tableClassName="table-fixed"
        stickyFirstColumn={false}
        exportName="Check history"
        fetchPage={fetchPage}
      />
    </div>
  );
}
