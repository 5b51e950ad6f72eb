import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  RulesListParams,
  SendHistoryParams,
  SilenceRequest,
  SilencesListParams,
  SilenceTargetKind,
} from '@/lib/notifications/endpoints';
import { mergeGroupByKeys } from '@/lib/notifications/group-by';
import type { TimeRange } from '@/lib/time-range/types';
import { countedQuery, endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';
import type { RulesValues, SilencesValues } from '@/lib/notifications/search';

/** Notifications: send history, rules, silences and the silence preview; one key factory for all of them. */

const endpoints = () => import('@/lib/notifications/endpoints');

/** A send-history page as the URL names it: the window stays a range (`now-24h`) in the key, resolved when fetched. */
export interface SendHistoryQuery extends Omit<SendHistoryParams, 'from' | 'to'> {
  range: TimeRange | null;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  sends: () => [...notificationKeys.all, 'sends'] as const,
  sendList: (q: SendHistoryQuery) => [...notificationKeys.sends(), 'list', q] as const,
  send: (id: string) => [...notificationKeys.sends(), 'one', id] as const,
  rules: () => [...notificationKeys.all, 'rules'] as const,
  ruleList: (p: RulesListParams) => [...notificationKeys.rules(), 'list', p] as const,
  rule: (id: string) => [...notificationKeys.rules(), 'one', id] as const,
  recipients: (kind: string) => [...notificationKeys.rules(), 'recipients', kind] as const,
  groupByKeys: () => [...notificationKeys.rules(), 'group-by-keys'] as const,
  silences: () => [...notificationKeys.all, 'silences'] as const,
  silenceList: (p: SilencesListParams) => [...notificationKeys.silences(), 'list', p] as const,
  silence: (id: string) => [...notificationKeys.silences(), 'one', id] as const,
  preview: (body: Omit<SilenceRequest, 'name'>) => [...notificationKeys.silences(), 'preview', body] as const,
  target: (kind: SilenceTargetKind, id: string) =>
    [...notificationKeys.silences(), 'target', kind, id] as const,
};

export const notificationQueries = {
  sendList: (q: SendHistoryQuery) =>
    queryOptions({
      ...countedQuery(notificationKeys.sendList(q), async () => {
        // The range code loads with the first fetch, not with the page (as the playbook runs list does).
        const { range, ...rest } = q;
        const window = range
          ? (await import('@/lib/time-range/resolve')).rangeWindow(range)
          : { from: null, to: null };
        return (await endpoints()).sendHistoryEndpoint({ ...rest, ...window });
      }),
      placeholderData: keepPreviousData,
    }),
  send: (id: string) =>
    queryOptions({
      ...endpointQuery(notificationKeys.send(id), async () => (await endpoints()).sendEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
  ruleList: (p: RulesListParams) =>
    queryOptions({
      ...countedQuery(notificationKeys.ruleList(p), async () => (await endpoints()).rulesEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
  rule: (id: string) =>
    queryOptions({
      ...endpointQuery(notificationKeys.rule(id), async () => (await endpoints()).ruleEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
  recipients: (
    kind: 'person' | 'team' | 'playbook' | 'connection',
    connectionTypes: readonly string[] = [],
  ) =>
    endpointQuery(notificationKeys.recipients(kind), async () =>
      (await endpoints()).recipientOptionsEndpoint(kind, connectionTypes),
    ),
  /** The label keys of configs, components and checks, merged and sorted (one cache entry for the three views). */
  groupByKeys: () =>
    queryOptions({
      queryKey: notificationKeys.groupByKeys(),
      queryFn: async ({ client, signal }) => {
        const e = await endpoints();
        const lists = await Promise.all(
          e.GROUP_BY_KEY_VIEWS.map(
            async (view) => (await fetchEndpoint(client, e.groupByKeysEndpoint(view), signal)).data,
          ),
        );
        return mergeGroupByKeys(lists);
      },
      staleTime: 5 * 60_000,
    }),
  silenceList: (p: SilencesListParams) =>
    queryOptions({
      ...countedQuery(notificationKeys.silenceList(p), async () => (await endpoints()).silencesEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
  silence: (id: string) =>
    queryOptions({
      ...endpointQuery(notificationKeys.silence(id), async () => (await endpoints()).silenceEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
  preview: (body: Omit<SilenceRequest, 'name'>) =>
    queryOptions({
      ...endpointQuery(notificationKeys.preview(body), async () =>
        (await endpoints()).silencePreviewEndpoint(body),
      ),
      // A draft changes often; a refused draft (400) is shown, not retried.
      retry: false,
      placeholderData: keepPreviousData,
    }),
  target: (kind: SilenceTargetKind, id: string) =>
    queryOptions({
      ...endpointQuery(notificationKeys.target(kind, id), async () =>
        (await endpoints()).silenceTargetEndpoint(kind, id),
      ),
      select: (rows) => rows[0] ?? null,
    }),
};

export function rulesListParams(v: RulesValues, pageSize: number): RulesListParams {
  return { sortBy: v.sortBy, sortDesc: v.sortDesc, pageIndex: v.pageIndex, pageSize };
}

export function silencesListParams(v: SilencesValues, pageSize: number): SilencesListParams {
  return { sortBy: v.sortBy, sortDesc: v.sortDesc, pageIndex: v.pageIndex, pageSize };
}
