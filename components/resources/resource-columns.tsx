'use client';

import * as React from 'react';
import Link from 'next/link';
import type { DataTableColumnDef } from '@/components/data-table/data-table';
import type { pagedListFeatures } from '@/components/data-table/features/paged';
import { JobStatus } from '@/components/operations';
import { PersonCell } from '@/components/widgets/person-cell';
import { TagList } from '@/components/widgets/tag-list';
import type { ResourceRow } from '@/lib/resources/endpoints';
import { formatAgo, toDate } from '@/lib/format/relative-time';
import { NIL_AGENT_ID } from '@/lib/resources/linked-source';
import type { ResourceListColumn, ResourceTableDefinition } from '@/lib/resources/resource-tables';
import { agentHref } from '@/lib/access';

type Column = DataTableColumnDef<typeof pagedListFeatures, ResourceRow>;

const creatorName = (row: ResourceRow) =>
  row.created_by && typeof row.created_by === 'object' ? (row.created_by.name ?? '') : '';

/** The job's details in one line: its first error, else its summary as text (spec 000 §2: job status with its details). */
export function jobDetailsText(details: unknown): string {
  if (!details || typeof details !== 'object') return '';
  const d = details as { errors?: unknown; summary?: unknown; scrape_summary?: unknown };
  if (Array.isArray(d.errors) && d.errors.length > 0) return String(d.errors[0]);
  const summary = d.summary ?? d.scrape_summary;
  if (summary === undefined || summary === null) return '';
  return typeof summary === 'string' ? summary : JSON.stringify(summary);
}

/**
 * A time as relative text with the instant as tooltip (as the check history's Age column). Not the Age component:
 * its preference formats bring date-fns (8 kB), which would take the lists over their first-load budget.
 * Relative to `now`, the instant the list's data was fetched: the server and the hydrating browser must render the
 * same text, which a clock read during render (seconds apart on the two) does not give.
 */
function RelativeTime({ value, now }: { value: string | null | undefined; now: number }) {
  const d = toDate(value);
  if (!d) return null;
  return (
    <time dateTime={d.toISOString()} title={d.toISOString()} className="whitespace-nowrap">
      {formatAgo(d, now)}
    </time>
  );
}

/**
 * The list's columns in the table's order, with the ones the table hides left out (spec 000 §2, upstream §2.9).
 * Times are relative to `now` (the list query's dataUpdatedAt, so a refetch renders them again).
 */
export function useResourceColumns(def: ResourceTableDefinition, now: number): Column[] {
  return React.useMemo(() => {
    const age = (value: string | null | undefined) => <RelativeTime value={value} now={now} />;
    const all: Record<ResourceListColumn, Column> = {
      name: {
        id: 'name',
        header: 'Name',
        accessorFn: (row) => row.name ?? '',
        cell: ({ row }) => <span className="font-medium">{row.original.name || row.original.id}</span>,
        meta: { rowLink: true },
      },
      namespace: { id: 'namespace', header: 'Namespace', accessorFn: (row) => row.namespace ?? '' },
      schedule: { id: 'schedule', header: 'Schedule', accessorFn: (row) => row.schedule ?? '' },
      labels: {
        id: 'labels',
        header: 'Labels',
        enableSorting: false,
        accessorFn: (row) =>
          Object.entries(row.labels ?? {})
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(' '),
        cell: ({ row }) => (
          <TagList tags={row.original.labels as Record<string, string> | null} max={3} aria-label="Labels" />
        ),
      },
      source: { id: 'source', header: 'Source', accessorFn: (row) => row.source ?? '' },
      job_status: {
        id: 'job_status',
        header: 'Job Status',
        accessorFn: (row) => row.job_status ?? '',
        meta: {
          csv: (row) =>
            [(row as ResourceRow).job_status, jobDetailsText((row as ResourceRow).job_details)]
              .filter(Boolean)
              .join(': '),
        },
        cell: ({ row }) => {
          const details = jobDetailsText(row.original.job_details);
          return (
            <span className="flex min-w-0 flex-col gap-0.5">
              <JobStatus status={row.original.job_status} />
              {details ? (
                <span className="max-w-64 truncate text-xs text-muted-foreground" title={details}>
                  {details}
                </span>
              ) : null}
            </span>
          );
        },
      },
      last_runtime: {
        id: 'last_runtime',
        header: 'Last Run',
        accessorFn: (row) => row.last_runtime ?? '',
        cell: ({ row }) => age(row.original.last_runtime),
      },
      created_by: {
        id: 'created_by',
        header: 'Created By',
        enableSorting: false,
        accessorFn: creatorName,
        cell: ({ row }) => (
          <PersonCell person={typeof row.original.created_by === 'object' ? row.original.created_by : null} />
        ),
      },
      created_at: {
        id: 'created_at',
        header: 'Created At',
        accessorFn: (row) => row.created_at ?? '',
        cell: ({ row }) => age(row.original.created_at),
      },
      updated_at: {
        id: 'updated_at',
        header: 'Updated At',
        accessorFn: (row) => row.updated_at ?? '',
        cell: ({ row }) => age(row.original.updated_at),
      },
      agent: {
        id: 'agent',
        header: 'Agent',
        enableSorting: false,
        accessorFn: (row) =>
          row.agent_id && row.agent_id !== NIL_AGENT_ID ? (row.agent?.name ?? row.agent_id) : '',
        cell: ({ row }) => {
          const id = row.original.agent_id;
          if (!id || id === NIL_AGENT_ID) return null;
          return (
            <Link
              href={agentHref(id)}
              prefetch={false}
              className="hover:underline"
              onClick={(e) => e.stopPropagation()}
            >
              {row.original.agent?.name ?? id}
            </Link>
          );
        },
      },
    };
    return def.columns.map((c) => all[c]);
  }, [def, now]);
}
