'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { JobStatus } from '@/components/operations/job-status';
import { UrlFilterSelect, valueOptions } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { TriStateSelect } from '@/components/list/tri-state-select';
import { usePreferences } from '@/components/shell/preferences-provider';
import { PagedList } from '@/components/list/paged-list';
import { Age } from '@/components/widgets/age';
import { Skeleton } from '@/components/ui/skeleton';
import { TimeRangePicker } from '@/components/widgets/time-range-picker';
import type { JobHistory as Job } from '@/lib/operations/jobs-endpoints';
import { formatDuration } from '@/lib/format/duration';
import { failedShare } from '@/lib/format/progress';
import { ProgressBar } from '@/components/widgets/progress-bar';
import { jobResourceHref } from '@/lib/operations/job-display';
import {
  DEFAULT_JOBS_RANGE,
  jobQueries,
  jobsListParams,
  type JobResource,
} from '@/lib/operations/jobs-queries';
import { JOB_DURATIONS, JOB_RESOURCE_TYPES, JOB_STATUSES, jobsSearch } from '@/lib/operations/jobs-search';
import { timeRangeOf, timeRangePatch } from '@/lib/search-params/time-range';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { usePagedListQuery } from '@/lib/queries/paged-list';
import { agentHref } from '@/lib/access';

const JobDetailsDialog = dynamic(
  () => import('@/components/operations/job-details-dialog').then((m) => m.JobDetailsDialog),
  { ssr: false },
);

const RESOURCE_TYPE_OPTIONS = valueOptions(JOB_RESOURCE_TYPES);
const DURATION_OPTIONS = JOB_DURATIONS.map((d) => ({ value: d, label: `≥ ${d}` }));

function useColumns(resourceFixed: boolean) {
  const { preferences } = usePreferences();
  return React.useMemo<DataTableColumnDef<typeof pagedListFeatures, Job>[]>(() => {
    const columns: DataTableColumnDef<typeof pagedListFeatures, Job>[] = [
      {
        id: 'created_at',
        header: 'Timestamp',
        accessorFn: (row) => row.time_start ?? row.created_at ?? '',
        cell: ({ row }) => (
          <Age
            from={row.original.time_start ?? row.original.created_at}
            mode="absolute"
            format={preferences.datetimeFormat}
            timezone={preferences.timezone}
          />
        ),
      },
      {
        id: 'name',
        header: 'Job Name',
        accessorFn: (row) => row.name ?? '',
        meta: { rowLink: true, truncate: true },
      },
      {
        id: 'agent',
        header: 'Agent',
        enableSorting: false,
        accessorFn: (row) => row.agent?.name ?? '',
        cell: ({ row }) => {
          const agent = row.original.agent;
          if (!agent?.id) return agent?.name ?? '';
          return (
            <Link
              href={agentHref(agent.id)}
              prefetch={false}
              className="hover:underline"
              onClick={(e) => e.stopPropagation()}
            >
              {agent.name ?? agent.id}
            </Link>
          );
        },
      },
    ];
    if (!resourceFixed)
      columns.push({
        id: 'resource_name',
        header: 'Resource',
        accessorFn: (row) => row.resource_name ?? row.resource_id ?? '',
        cell: ({ row }) => {
          const { resource_type: type, resource_id: id, resource_name: name } = row.original;
          const href = jobResourceHref(type, id);
          const text = name ?? id ?? '';
          return href ? (
            <Link
              href={href}
              prefetch={false}
              className="hover:underline"
              onClick={(e) => e.stopPropagation()}
            >
              {text}
            </Link>
          ) : (
            text
          );
        },
        meta: { truncate: true },
      });
    columns.push(
      {
        id: 'status',
        header: 'Status',
        accessorFn: (row) => row.status ?? '',
        cell: ({ row }) => <JobStatus status={row.original.status} />,
      },
      {
        id: 'duration_millis',
        header: 'Duration',
        accessorFn: (row) => row.duration_millis ?? null,
        cell: ({ row }) => formatDuration(row.original.duration_millis),
      },
      {
        id: 'statistics',
        header: 'Statistics',
        enableSorting: false,
        accessorFn: (row) => `Success ${row.success_count ?? 0}, Error ${row.error_count ?? 0}`,
        cell: ({ row }) => {
          const failed = failedShare(row.original.success_count, row.original.error_count);
          return (
            <span className="inline-flex flex-col gap-1 text-xs">
              <span className="inline-flex gap-2">
                <span className="text-green-700 dark:text-green-400">
                  Success {row.original.success_count ?? 0}
                </span>
                <span className="text-red-700 dark:text-red-400">Error {row.original.error_count ?? 0}</span>
              </span>
              {/* The job's progress as its failed share (spec 001 §9): orange above 75 %, red above 90 %. */}
              {failed && <ProgressBar value={failed.value} max={failed.max} label="Failed" />}
            </span>
          );
        },
      },
    );
    return columns;
  }, [preferences.datetimeFormat, preferences.timezone, resourceFixed]);
}

/**
 * Job history on the table kit, server-paged, every filter in the URL (spec 001 §2.2): /settings/jobs, and with
 * `resource` the Job History tab of one resource (its type filter and Resource column are then left out).
 */
export function JobHistory({ resource, label = 'Jobs' }: { resource?: JobResource; label?: string }) {
  const urlState = useUrlState(jobsSearch);
  const [values, update] = urlState;
  const table = useUrlTable(urlState);
  const params = jobsListParams(values, resource);
  const { query, fetchPage } = usePagedListQuery(jobQueries.list, params);
  const names = useQuery(jobQueries.names());
  const columns = useColumns(Boolean(resource));
  const range = timeRangeOf(values) ?? DEFAULT_JOBS_RANGE;
  const openJob = values.jobId ? query.data?.data.find((j) => j.id === values.jobId) : undefined;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ListToolbar label={`${label} filters`}>
        <TriStateSelect
          label="Job Name"
          values={names.data ?? []}
          value={values.name}
          onChange={(name) => update({ name })}
        />
        {!resource && (
          <UrlFilterSelect
            label="Resource Type"
            urlState={urlState}
            param="resource_type"
            options={RESOURCE_TYPE_OPTIONS}
          />
        )}
        <TriStateSelect
          label="Status"
          values={JOB_STATUSES}
          value={values.status}
          onChange={(status) => update({ status })}
        />
        <UrlFilterSelect label="Duration" urlState={urlState} param="duration" options={DURATION_OPTIONS} />
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted-foreground" aria-hidden>
            Time Range
          </span>
          <TimeRangePicker
            value={range}
            showFuture={false}
            onChange={(next) => update(timeRangePatch(next), { history: 'push' })}
          />
        </div>
      </ListToolbar>
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No jobs found"
        errorTitle="The jobs could not be loaded"
        skeleton={<Skeleton className="h-64 w-full" />}
        aria-label={label}
        columns={columns}
        getRowId={(row) => row.id}
        {...table}
        {...urlRowLinks(urlState, (row: Job) => ({ jobId: row.id }))}
        exportName={label}
        fetchPage={fetchPage}
      />
      {values.jobId && (
        <JobDetailsDialog
          jobId={values.jobId}
          initial={openJob}
          onClose={() => update({ jobId: null }, { history: 'push' })}
        />
      )}
    </div>
  );
}
