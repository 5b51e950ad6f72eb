'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { NotificationTabs } from '@/components/notifications/notification-tabs';
import { useAccess } from '@/components/shell/session-provider';
import { usePreferences } from '@/components/shell/preferences-provider';
import { PagedList } from '@/components/list/paged-list';
import { Age } from '@/components/widgets/age';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { NotificationRule } from '@/lib/notifications/endpoints';
import { formatDuration } from '@/lib/format/duration';
import { nanosToDuration } from '@/lib/notifications/durations';
import { NO_RECIPIENT, recipientLabel } from '@/lib/notifications/recipient';
import { notificationQueries, rulesListParams } from '@/lib/notifications/queries';
import { rulesSearch } from '@/lib/notifications/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

const RuleDialog = dynamic(() => import('@/components/notifications/rule-dialog').then((m) => m.RuleDialog), {
  ssr: false,
});

/** `?id=new` opens the add dialog. */
export const NEW_RULE = 'new';

function useColumns(): DataTableColumnDef<typeof pagedListFeatures, NotificationRule>[] {
  const { preferences } = usePreferences();
  return React.useMemo(() => {
    const fmt = { format: preferences.datetimeFormat, timezone: preferences.timezone };
    return [
      {
        id: 'events',
        header: 'Events',
        enableSorting: false,
        accessorFn: (row) => (row.events ?? []).join(', '),
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-1">
            {(row.original.events ?? []).map((e) => (
              <Badge key={e} variant="secondary">
                {e}
              </Badge>
            ))}
          </div>
        ),
      },
      {
        id: 'name',
        header: 'Name',
        accessorFn: (row) => row.name ?? '',
        meta: { rowLink: true, truncate: true },
      },
      {
        id: 'recipient',
        header: 'Recipient',
        enableSorting: false,
        accessorFn: (row) => recipientLabel(row),
        cell: ({ row }) => {
          const label = recipientLabel(row.original);
          return label === NO_RECIPIENT ? <span className="text-muted-foreground">{label}</span> : label;
        },
      },
      {
        id: 'filter',
        header: 'Filter',
        enableSorting: false,
        accessorFn: (row) => row.filter ?? '',
        cell: ({ row }) => <span className="font-mono text-xs">{row.original.filter}</span>,
        meta: { truncate: true },
      },
      {
        id: 'pending',
        header: 'Pending',
        enableSorting: false,
        accessorFn: (row) => row.pending ?? 0,
        meta: { align: 'end' },
      },
      {
        id: 'failed',
        header: 'Failed',
        enableSorting: false,
        accessorFn: (row) => row.failed ?? 0,
        meta: { align: 'end' },
        cell: ({ row }) => (
          <span title={row.original.most_common_error ?? undefined}>{row.original.failed ?? 0}</span>
        ),
      },
      {
        id: 'sent',
        header: 'Sent',
        enableSorting: false,
        accessorFn: (row) => row.sent ?? 0,
        meta: { align: 'end' },
      },
      {
        id: 'avg_duration_ms',
        header: 'Avg Duration',
        enableSorting: false,
        accessorFn: (row) => formatDuration(row.avg_duration_ms),
      },
      { id: 'repeat_interval', header: 'Repeat Interval', accessorFn: (row) => row.repeat_interval ?? '' },
      { id: 'wait_for', header: 'Wait For', accessorFn: (row) => nanosToDuration(row.wait_for) },
      {
        id: 'job_status',
        header: 'Status',
        enableSorting: false,
        accessorFn: (row) => row.job_status ?? '',
        cell: ({ row }) =>
          row.original.job_status ? <Badge variant="outline">{row.original.job_status}</Badge> : null,
      },
      {
        id: 'created_by',
        header: 'Created By',
        enableSorting: false,
        accessorFn: (row) => row.created_by?.name ?? '',
      },
      {
        id: 'created_at',
        header: 'Created At',
        accessorFn: (row) => row.created_at ?? '',
        cell: ({ row }) => <Age from={row.original.created_at} {...fmt} />,
      },
      {
        id: 'updated_at',
        header: 'Updated At',
        accessorFn: (row) => row.updated_at ?? '',
        cell: ({ row }) => <Age from={row.original.updated_at} {...fmt} />,
      },
    ];
  }, [preferences.datetimeFormat, preferences.timezone]);
}

/** /notifications/rules: the rules with their counts; `?id=` opens one, add and edit with write on notifications. */
export function RulesList({ serverPageSize }: { serverPageSize: number }) {
  const urlState = useUrlState(rulesSearch);
  const [values, update] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const query = useQuery(notificationQueries.ruleList(rulesListParams(values, table.pagination.pageSize)));
  const canWrite = useAccess().can('notifications', 'write');
  const columns = useColumns();
  const close = () => update({ id: null }, { history: 'push' });

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <NotificationTabs
        current="/notifications/rules"
        actions={
          canWrite ? (
            <Button size="sm" onClick={() => update({ id: NEW_RULE }, { history: 'push' })}>
              Add Rule
            </Button>
          ) : null
        }
      />
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No notification rules found"
        errorTitle="The notification rules could not be loaded"
        aria-label="Notification rules"
        columns={columns}
        getRowId={(row) => row.id}
        {...table}
        {...urlRowLinks(urlState, (row: NotificationRule) => ({ id: row.id }))}
      />
      {values.id && (
        <RuleDialog
          id={values.id === NEW_RULE ? null : values.id}
          summary={query.data?.data.find((row) => row.id === values.id)}
          canWrite={canWrite}
          onClose={close}
        />
      )}
    </div>
  );
}
