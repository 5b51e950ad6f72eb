import * as React from 'react';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@/lib/backend/endpoint';
import type { IncidentFilters, IncidentsListParams } from '@/lib/incidents/endpoints';
import { countedQuery, endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';
import type { LinkCalls } from '@/lib/incidents/link-flow';
import { ALL_STATUSES, type IncidentsSearch } from '@/lib/incidents/search';
import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';

/** The incident screens' data (issue 17): the list, one incident's parts, the dialog's searches and the writes. */

const incidents = () => import('@/lib/incidents/endpoints');
export type IncidentEndpoints = Awaited<ReturnType<typeof incidents>>;

/** The filters of the list's counts by status: the list's, but its status (each count has its own). */
export type IncidentCountFilters = Omit<IncidentFilters, 'status'>;

export const incidentKeys = {
  all: ['incidents'] as const,
  list: (p: IncidentsListParams) => [...incidentKeys.all, 'list', p] as const,
  // Under 'list', so that every write refreshing the list refreshes its counts.
  statusCounts: (p: IncidentCountFilters) => [...incidentKeys.all, 'list', 'status-counts', p] as const,
  incident: (id: string) => [...incidentKeys.all, 'incident', id] as const,
  detail: (id: string) => [...incidentKeys.incident(id), 'detail'] as const,
  responders: (id: string) => [...incidentKeys.incident(id), 'responders'] as const,
  history: (id: string) => [...incidentKeys.incident(id), 'history'] as const,
  search: (term: string) => [...incidentKeys.all, 'search', term] as const,
  hypotheses: (id: string, term: string) => [...incidentKeys.incident(id), 'hypotheses', term] as const,
  teams: () => ['teams', 'names'] as const,
  componentName: (id: string) => ['topology', 'component-name', id] as const,
};

export const incidentQueries = {
  list: (p: IncidentsListParams) =>
    queryOptions({
      ...countedQuery(incidentKeys.list(p), async () => (await incidents()).incidentsEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      ...endpointQuery(incidentKeys.detail(id), async () => (await incidents()).incidentEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
  responders: (id: string) =>
    endpointQuery(incidentKeys.responders(id), async () => (await incidents()).respondersEndpoint(id)),
  history: (id: string) =>
    endpointQuery(incidentKeys.history(id), async () => (await incidents()).historiesEndpoint(id)),
  search: (term: string) =>
    endpointQuery(incidentKeys.search(term), async () => (await incidents()).incidentSearchEndpoint(term)),
  hypotheses: (id: string, term: string) =>
    endpointQuery(incidentKeys.hypotheses(id, term), async () =>
      (await incidents()).hypothesisSearchEndpoint(id, term),
    ),
  teams: () => endpointQuery(incidentKeys.teams(), async () => (await incidents()).teamsEndpoint()),
  componentName: (id: string) =>
    queryOptions({
      ...endpointQuery(incidentKeys.componentName(id), async () =>
        (await incidents()).componentNameEndpoint(id),
      ),
      select: (rows) => rows[0]?.name ?? null,
    }),
};

/** The URL → request mapping of /incidents, shared by the server page and the list. */
export function incidentsListParams(v: IncidentsSearch, pageSize: number): IncidentsListParams {
  return {
    query: v.query,
    status: v.status === ALL_STATUSES ? null : v.status,
    severity: v.severity,
    type: v.type,
    owner: v.owner,
    component: v.component,
    sortBy: v.sortBy ?? 'created_at',
    sortDesc: v.sortDesc,
    pageIndex: v.pageIndex,
    pageSize,
  };
}

/** The id the backend gave a created row (`Prefer: return=representation`). */
export function createdId(rows: readonly { id: string }[]): string {
  const id = rows[0]?.id;
  if (!id) throw new Error('The backend did not return the created record');
  return id;
}

/**
 * One write of the incident page: runs the endpoint the build function makes, then refreshes that incident's
 * queries (and the list), so a save is never fire-and-forget: failures reject and the caller shows them.
 */
export const useIncidentMutation = <V>(
  incidentId: string,
  build: (e: IncidentEndpoints, vars: V) => Endpoint<unknown>,
) =>
  useEndpointMutation({
    mutationFn: async (vars: V, run) => run(build(await incidents(), vars)),
    invalidates: [incidentKeys.incident(incidentId), [...incidentKeys.all, 'list']],
    // The incident page's actions show their failures themselves (components/incidents/use-incident-action.ts).
    errorToast: false,
  });

/** The writes the create and link flows make (lib/incidents/link-flow.ts), run with the query client's fetcher. */
export function useIncidentCalls(personId: string): LinkCalls {
  const queryClient = useQueryClient();
  return React.useMemo(() => {
    const run = async <T>(build: (e: IncidentEndpoints) => Endpoint<T>) =>
      (await fetchEndpoint(queryClient, build(await incidents()))).data;
    return {
      createIncident: async (n) => createdId(await run((e) => e.createIncidentEndpoint({ ...n, personId }))),
      createHypothesis: async (h) =>
        createdId(await run((e) => e.createHypothesisEndpoint({ ...h, personId }))),
      createEvidence: async ({ hypothesisId, description, ...target }) => {
        await run((e) => e.createEvidenceEndpoint({ ...target, hypothesisId, description, personId }));
        await queryClient.invalidateQueries({ queryKey: incidentKeys.all });
      },
      log: (message, error) => console.error(message, error),
    };
  }, [queryClient, personId]);
}
