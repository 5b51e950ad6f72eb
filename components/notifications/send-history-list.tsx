'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { UrlFilterSelect, valueOptions } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { UrlSearchBox } from '@/components/list/search-box';
import { recipientOf, SendResource, SendStatus } from '@/components/notifications/send-cells';
import { usePreferences } from '@/components/shell/preferences-provider';
import { PagedList } from '@/components/list/paged-list';
import { Age } from '@/components/widgets/age';
import { UrlTimeRangePicker } from '@/components/widgets/url-time-range-picker';
import type { NotificationSend } from '@/lib/notifications/endpoints';
import { notificationQueries } from '@/lib/notifications/queries';
import { usePagedListQuery } from '@/lib/queries/paged-list';
import {
  SEND_RESOURCE_TYPES,
  SEND_STATUSES,
  sendHistoryQuery,
  sendHistorySearch,
} from '@/lib/notifications/send-history-search';
import { useUrlState } from '@/lib/search-params/use-url-state';

const SendDetailsDialog = dynamic(
  () => import('@/components/notifications/send-details-dialog').then((m) => m.SendDetailsDialog),
  { ssr: false },
);

const RESOURCE_TYPES = valueOptions(SEND_RESOURCE_TYPES);
const STATUSES = valueOptions(SEND_STATUSES);

function useColumns(): DataTableColumnDef<typeof pagedListFeatures, NotificationSend>[] {
  const { preferences } = usePreferences();
  return React.useMemo(
    () => [
      {
        id: 'created_at',
        header: 'Age',
        accessorFn: (row) => row.created_at,
        cell: ({ row }) => (
          <Age
            from={row.original.created_at}
            format={preferences.datetimeFormat}
            timezone={preferences.timezone}
          />
        ),
      },
      {
        id: 'resource',
        header: 'Resource',
        enableSorting: false,
        accessorFn: (row) => row.resource?.name ?? row.resource_id ?? '',
        cell: ({ row }) => <SendResource send={row.original} />,
        meta: { truncate: true },
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (row) => row.status ?? '',
        cell: ({ row }) => <SendStatus status={row.original.status} />,
        meta: { rowLink: true },
      },
      {
        id: 'notification',
        header: 'Notification',
        enableSorting: false,
        accessorFn: (row) => row.notification?.name ?? '',
        meta: { truncate: true },
      },
      { id: 'source_event', header: 'Event', accessorFn: (row) => row.source_event ?? '' },
      { id: 'recipient', header: 'Recipient', enableSorting: false, accessorFn: (row) => recipientOf(row) },
    ],
    [preferences.datetimeFormat, preferences.timezone],
  );
}

/**
 * /notifications: the send history, server-paged, filtered in the URL; a row opens its details. The page renders
 * the tabs above it on the server (they need no browser code).
 */
export function SendHistoryList({ serverPageSize }: { serverPageSize: number }) {
  const urlState = useUrlState(sendHistorySearch);
  const [values, update] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const params = sendHistoryQuery(values, table.pagination.pageSize);
  const { query, fetchPage } = usePagedListQuery(notificationQueries.sendList, params);
  const columns = useColumns();

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ListToolbar label="Notification filters">
        <UrlFilterSelect
          label="Resource type"
          urlState={urlState}
          param="resource_type"
          options={RESOURCE_TYPES}
        />
        <UrlFilterSelect label="Status" urlState={urlState} param="status" options={STATUSES} />
        <UrlSearchBox
          urlState={urlState}
          param="search"
          label="Search by resource name"
          placeholder="Resource name"
        />
        <UrlTimeRangePicker urlState={urlState} showFuture={false} placeholder="Any time" />
      </ListToolbar>
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No notifications found"
        errorTitle="The notifications could not be loaded"
        aria-label="Notifications"
        columns={columns}
        getRowId={(row) => row.id}
        {...table}
        {...urlRowLinks(urlState, (row: NotificationSend) => ({ id: row.id }))}
        exportName="Notifications"
        fetchPage={fetchPage}
      />
      {values.id && (
        <SendDetailsDialog
          id={values.id}
          summary={query.data?.data.find((row) => row.id === values.id)}
          onClose={() => update({ id: null }, { history: 'push' })}
        />
      )}
    </div>
  );
}
