'use client';

import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAccess, useSession } from '@/components/shell/session-provider';
import { useDebouncedValue } from '@/components/widgets/use-debounced-value';
import { peopleQueries, teamQueries } from '@/lib/access';
import { connectionQueries } from '@/lib/connections';
import { incidentEndpoints } from '@/lib/incidents';
import { playbookQueries } from '@/lib/playbooks';
import { limitPerGroup, rankEntries } from '@/lib/palette/rank';
import {
  adminThingSearches,
  resourceSearchText,
  thingsOfConnections,
  thingsOfIncidents,
  thingsOfPeople,
  thingsOfTeams,
  thingsOfPlaybooks,
  thingsOfResources,
  type PaletteThing,
} from '@/lib/palette/things';
import { endpointQuery } from '@/lib/queries/fetcher';
import { resourceQueries, type ResourceKind } from '@/lib/resources';

/** Short enough to feel immediate, long enough that a typed word sends one search, not one per letter. */
export const PALETTE_DEBOUNCE_MS = 150;
const RESOURCE_KINDS: readonly ResourceKind[] = ['checks', 'components', 'configs'];
const MAX_THINGS = 20;
/** No kind takes more than this share of the Things, so a less common kind of the same name still shows. */
const MAX_PER_KIND = 8;
/** Admin kinds asked by name: a few of each are enough for a palette. */
const ADMIN_LIMIT = 10;

/**
 * The palette's Things for a query: checks, components and configs (POST /resources/search), incidents by title or
 * number and playbooks, each asked only of a person who may read it, and for admins people, teams and connections
 * (adminThingSearches: only where the gate opens their pages). Queries go through react-query with the
 * request's AbortSignal, so a search superseded by the next keystroke is cancelled; the previous answer stays on
 * screen (ranked against the new query) until the next one arrives.
 */
export function usePaletteSearch(query: string) {
  const term = useDebouncedValue(query.trim(), PALETTE_DEBOUNCE_MS);
  const { can, featureEnabled } = useAccess();
  const text = resourceSearchText(term);

  const resources = useQuery({
    ...resourceQueries.search(RESOURCE_KINDS, text),
    enabled: text !== '' && can('database', 'read'),
    placeholderData: keepPreviousData,
  });
  // The same key and endpoint as the incident dialogs' search (lib/incidents/queries.ts: incidentKeys.search).
  const incidents = useQuery({
    ...endpointQuery(['incidents', 'search', term] as const, async () =>
      (await incidentEndpoints()).incidentSearchEndpoint(term),
    ),
    enabled: term !== '' && can('incident', 'read') && featureEnabled('incidents'),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  // The lists ranked here (playbooks, and people for admins) are asked as the palette opens, before anything is
  // typed, so the first search after the debounce waits only on the searches by name (bench:palette: on PGlite's one
  // connection each request in a batch waits behind the others).
  const playbooks = useQuery({
    ...playbookQueries.list(),
    enabled: can('playbooks', 'read') && featureEnabled('playbooks'),
    staleTime: 60_000,
  });

  const session = useSession();
  const admin = React.useMemo(
    () => (session ? adminThingSearches(session) : { people: false, teams: false, connections: false }),
    [session],
  );
  // Everyone the users page lists, ranked here: one request a minute at most, not one per word.
  const people = useQuery({ ...peopleQueries.list(), enabled: admin.people });
  const teams = useQuery({
    ...teamQueries.byName(term),
    enabled: term !== '' && admin.teams,
    placeholderData: keepPreviousData,
  });
  const connections = useQuery({
    ...connectionQueries.list({
      query: term,
      type: null,
      sortBy: 'name',
      sortDesc: false,
      pageIndex: 0,
      pageSize: ADMIN_LIMIT,
    }),
    enabled: term !== '' && admin.connections,
  });

  const things = React.useMemo<PaletteThing[]>(() => {
    if (!query.trim()) return [];
    const all = [
      ...thingsOfResources(resources.data ?? []),
      ...thingsOfIncidents(incidents.data ?? []),
      ...thingsOfPlaybooks(playbooks.data ?? []),
      ...thingsOfPeople(people.data ?? []),
      ...thingsOfTeams(teams.data ?? []),
      ...thingsOfConnections(connections.data?.data ?? []),
    ];
    return limitPerGroup(rankEntries(query, all), (t) => t.kind, MAX_PER_KIND).slice(0, MAX_THINGS);
  }, [query, resources.data, incidents.data, playbooks.data, people.data, teams.data, connections.data]);

  const lookups = [resources, incidents, playbooks, people, teams, connections];
  return {
    things,
    /** A search is on its way (debounce or request): the list may still change. */
    searching: term !== query.trim() || lookups.some((q) => q.isFetching),
    failed: lookups.some((q) => q.isError),
  };
}

/** The playbooks for the Run playbook… picker, ranked by the query. */
export function usePlaybookChoices(query: string) {
  const playbooks = useQuery({ ...playbookQueries.list(), staleTime: 60_000 });
  return {
    choices: React.useMemo(
      () => rankEntries(query, thingsOfPlaybooks(playbooks.data ?? [])),
      [query, playbooks.data],
    ),
    loading: playbooks.isPending,
  };
}
