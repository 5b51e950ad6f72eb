'use client';

import * as React from 'react';
import { ErrorPanel } from '@/components/shell/error-panel';
import { Unauthorized } from '@/components/shell/unauthorized';
import { Age } from '@/components/ui/age';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/components/providers/preferences-provider';
import { BackendError } from '@/lib/backend/errors';
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
import { useCheckHistory } from '@/lib/queries/checks';
import { cn } from '@/lib/utils';

const CUSTOM = '__custom';

/** The History tab: Status and Duration filters, then Age / Duration / Message, 50 per page, offset by page. */
export function CheckHistory({ checkId, since }: { checkId: string; since: string }) {
  const { preferences } = usePreferences();
  const [status, setStatus] = React.useState<HistoryStatusFilter>('all');
  const [durationChoice, setDurationChoice] = React.useState<string>('all');
  const [typed, setTyped] = React.useState('');
  const [typedError, setTypedError] = React.useState<string | null>(null);
  const [minDuration, setMinDuration] = React.useState<number | undefined>(undefined);
  const [pageIndex, setPageIndex] = React.useState(0);
  const [now] = React.useState(() => Date.now());
  const id = React.useId();

  const query = useCheckHistory({
    checkId,
    since,
    status: historyStatusParam(status),
    minDuration,
    pageIndex,
    pageSize: HEALTH_HISTORY_PAGE_SIZE,
  });
  const total = query.data?.total;
  const pageCount =
    total === undefined ? undefined : Math.max(1, Math.ceil(total / HEALTH_HISTORY_PAGE_SIZE));

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

  let table: React.ReactNode;
  if (query.error && !(query.error instanceof BackendError && query.error.code === 'aborted')) {
    table =
      query.error instanceof BackendError && query.error.status === 403 ? (
        <Unauthorized compact />
      ) : (
        <ErrorPanel error={query.error} title="The history could not be loaded" hideDetails />
      );
  } else if (query.isPending) {
    table = <Skeleton className="h-40 w-full" />;
  } else if ((query.data?.data.length ?? 0) === 0) {
    table = <p className="p-4 text-center text-sm text-muted-foreground">No data available</p>;
  } else {
    table = (
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Check history</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="w-28 px-2 py-1.5 font-medium">
              Age
            </th>
            <th scope="col" className="w-24 px-2 py-1.5 font-medium">
              Duration
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Message
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data?.data.map((row) => (
            <tr key={row.time} className="border-b border-border align-top">
              <td className="px-2 py-1.5">
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
              </td>
              <td className="px-2 py-1.5">{formatDuration(row.duration)}</td>
              <td className="break-words px-2 py-1.5">
                {[row.message, row.error].filter(Boolean).join(' ') || '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

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
      {table}
      <nav aria-label="History pages" className="flex items-center justify-between gap-2 text-sm">
        <span>
          {total !== undefined ? `${total} results` : ''}
          {pageCount !== undefined ? ` · Page ${pageIndex + 1} of ${pageCount}` : ''}
        </span>
        <span className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={pageIndex === 0}
            onClick={() => setPageIndex((p) => Math.max(0, p - 1))}
          >
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={pageCount === undefined || pageIndex + 1 >= pageCount}
            onClick={() => setPageIndex((p) => p + 1)}
          >
            Next
          </Button>
        </span>
      </nav>
    </div>
  );
}
