'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { FilterSelect, UrlFilterSelect, type FilterOption } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { UrlRefreshControls } from '@/components/list/refresh-controls';
import { UrlSearchBox } from '@/components/list/search-box';
import { PagedList } from '@/components/list/paged-list';
import { PersonChip, SeverityBadge, StatusBadge } from '@/components/incidents/incident-parts';
import { Age } from '@/components/widgets/age';
import { Button } from '@/components/ui/button';
import type { IncidentRow } from '@/lib/incidents/endpoints';
import { INCIDENT_SEVERITY_OPTIONS, severityLabel } from '@/lib/format/severity';
import { refreshRateToMs } from '@/lib/format/refresh-rate';
import { usePollingUnlessLive } from '@/lib/live';
import { capitalize, INCIDENT_STATUSES, INCIDENT_TYPES, incidentTypeLabel } from '@/lib/incidents/model';
import { incidentHref } from '@/lib/incidents/href';
import { incidentQueries, incidentsListParams } from '@/lib/incidents/queries';
import { usePagedListQuery } from '@/lib/queries/paged-list';
import { ALL_STATUSES, incidentsSearch } from '@/lib/incidents/search';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { peopleQueries } from '@/lib/access';
import { useAfterLoad } from '@/components/widgets/use-after-load';

const CreateIncidentDialog = dynamic(
  () => import('@/components/incidents/create-incident-dialog').then((m) => m.CreateIncidentDialog),
  { ssr: false },
);

// The counts by status add to what the list shows: their code and requests come after the load event.
const IncidentStatusCounts = dynamic(
  () => import('@/components/incidents/incident-status-counts').then((m) => m.IncidentStatusCounts),
  { ssr: false },
);

const STATUS_OPTIONS: FilterOption[] = INCIDENT_STATUSES.map((value) => ({
  value,
  label: capitalize(value),
}));
const TYPE_OPTIONS: FilterOption[] = INCIDENT_TYPES.map((value) => ({
  value,
  label: incidentTypeLabel(value),
}));

const responderName = (r: NonNullable<IncidentRow['responders']>[number]) =>
  r.person?.name ?? r.team?.name ?? '';

const columns: DataTableColumnDef<typeof pagedListFeatures, IncidentRow>[] = [
  {
    id: 'incident_id',
    header: 'Id',
    accessorFn: (row) => row.incident_id ?? '',
    meta: { headerClassName: 'w-24' },
  },
  {
    id: 'title',
    header: 'Title',
    accessorFn: (row) => row.title,
    cell: ({ row }) => <span className="font-medium">{row.original.title}</span>,
    // The row's title wraps rather than pushing Severity, Status and Age out of view.
    meta: { rowLink: true, className: 'min-w-48 whitespace-normal' },
  },
  {
    id: 'severity',
    header: 'Severity',
    accessorFn: (row) => severityLabel(row.severity),
    cell: ({ row }) => <SeverityBadge severity={row.original.severity} />,
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (row) => row.status ?? '',
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  },
  { id: 'type', header: 'Type', accessorFn: (row) => incidentTypeLabel(row.type) },
  {
    id: 'created_at',
    header: 'Age',
    accessorFn: (row) => row.created_at ?? '',
    cell: ({ row }) => (row.original.created_at ? <Age from={row.original.created_at} /> : '–'),
  },
  {
    id: 'commander',
    header: 'Commander',
    enableSorting: false,
    accessorFn: (row) => row.commander?.name ?? '',
    cell: ({ row }) => <PersonChip person={row.original.commander} />,
  },
  {
    id: 'responders',
    header: 'Responders',
    enableSorting: false,
    accessorFn: (row) => (row.responders ?? []).map(responderName).join(', '),
    cell: ({ row }) => {
      const list = row.original.responders ?? [];
      if (list.length === 0) return <span className="text-muted-foreground">–</span>;
      return (
        <span className="flex flex-wrap gap-2">
          {list.map((r) => (
            <PersonChip
              key={r.id}
              person={r.person ?? (r.team ? { name: r.team.name, avatar: null } : null)}
            />
          ))}
        </span>
      );
    },
  },
];

/** /incidents (upstream §2.4): a server-paged list with search, filters, sort and page in the URL, and Create. */
export function IncidentsList({
  serverPageSize,
  canWrite,
  personId,
}: {
  serverPageSize: number;
  canWrite: boolean;
  personId: string;
}) {
  const urlState = useUrlState(incidentsSearch);
  const [values, update] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const params = incidentsListParams(values, table.pagination.pageSize);
  const { query, fetchPage } = usePagedListQuery(incidentQueries.list, params, {
    refetchInterval: usePollingUnlessLive(refreshRateToMs(values.refresh)),
  });
  const people = useQuery({ ...peopleQueries.choices(), enabled: !query.isError });
  const component = useQuery({
    ...incidentQueries.componentName(values.component ?? ''),
    enabled: Boolean(values.component),
  });
  const [creating, setCreating] = React.useState(false);
  const loaded = useAfterLoad();
  const ownerOptions = (people.data ?? []).map((p) => ({ value: p.id, label: p.name ?? p.id }));
  const componentOptions = values.component
    ? [{ value: values.component, label: component.data ?? values.component }]
    : [];

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <ListToolbar label="Incidents">
        <UrlSearchBox
          urlState={urlState}
          param="query"
          label="Search incidents"
          placeholder="Search by title"
        />
        <FilterSelect
          label="Status"
          value={values.status === ALL_STATUSES ? '' : values.status}
          options={STATUS_OPTIONS}
          onChange={(s) => update({ status: (s || ALL_STATUSES) as typeof values.status })}
        />
        <UrlFilterSelect
          label="Severity"
          urlState={urlState}
          param="severity"
          options={INCIDENT_SEVERITY_OPTIONS}
        />
        <UrlFilterSelect label="Type" urlState={urlState} param="type" options={TYPE_OPTIONS} />
        <UrlFilterSelect label="Owner" urlState={urlState} param="owner" options={ownerOptions} />
        {values.component && (
          <UrlFilterSelect
            label="Component"
            urlState={urlState}
            param="component"
            options={componentOptions}
          />
        )}
        <UrlRefreshControls urlState={urlState} query={query} />
        {canWrite && !query.isError && (
          <Button size="sm" onClick={() => setCreating(true)} className="ml-auto">
            Create Incident
          </Button>
        )}
      </ListToolbar>
      {/* The counts' line is kept while they load, so that the list does not move when they appear. */}
      <div className="min-h-7">
        {loaded && !query.isError && (
          <IncidentStatusCounts
            values={values}
            status={values.status === ALL_STATUSES ? null : values.status}
            onStatus={(s) => update({ status: s ?? ALL_STATUSES })}
          />
        )}
      </div>
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="There are no incidents matching this criteria"
        errorTitle="The incidents could not be loaded"
        aria-label="Incidents"
        columns={columns}
        getRowId={(row) => row.id}
        {...table}
        rowHref={(row) => incidentHref(row.id)}
        exportName="Incidents"
        fetchPage={fetchPage}
      />
      {creating && <CreateIncidentDialog personId={personId} onClose={() => setCreating(false)} />}
    </div>
  );
}
