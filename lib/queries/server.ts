import 'server-only';
import { cache } from 'react';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  type DehydratedState,
  type FetchQueryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { getBackend } from '@/lib/backend/client';
import { errorCode, errorStatus, errorText, type HandedOverError } from '@/lib/backend/error-status';
import { embeddedConnectionHeldSince } from '@/lib/backend/transport';
import type { Counted, Endpoint, HttpMethod, ResponseSchema } from '@/lib/backend/endpoint';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { loadSafely, type Loaded } from '@/lib/queries/loaded';
import { createQueryClient } from '@/lib/queries/query-client';
import { probes } from '@/lib/telemetry/probes';

/**
 * One backend read per request and address: the page, its layout and generateMetadata ask through fresh query
 * clients but share the answer (React's request cache; the schema object is part of the key).
 */
const cachedRead = cache(
  async (
    method: HttpMethod,
    path: string,
    headers: string,
    schema: ResponseSchema<unknown>,
  ): Promise<Counted<unknown>> =>
    (await getBackend()).requestWithCount({
      method,
      path,
      schema,
      headers: JSON.parse(headers) as Record<string, string>,
    }),
);

async function serverFetch<T>(endpoint: Endpoint<T>, signal?: AbortSignal): Promise<Counted<T>> {
  const method = endpoint.method ?? 'GET';
  if (method === 'GET' && endpoint.body === undefined) {
    return cachedRead(
      method,
      endpoint.path,
      JSON.stringify(endpoint.headers ?? {}),
      endpoint.schema,
    ) as Promise<Counted<T>>;
  }
  return (await getBackend()).requestWithCount(endpoint, { signal });
}

/** A query client for one server render, running endpoints with the request's backend client. */
export function createServerQueryClient(): QueryClient {
  return bindEndpointFetcher(createQueryClient(), serverFetch);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFetchOptions = FetchQueryOptions<any, any, any, any>;

/**
 * Runs a page's queries on the server and returns them for the browser's cache. A query that fails is handed over
 * failed, so the server HTML already shows its state (Unauthorized for a 403, the error with Retry) and the browser
 * does not ask again on mount (issue 34). `then` runs queries that depend on the first ones' answers (the names of a
 * component's ancestors, say).
 */
export async function prefetchQueries(
  queries: readonly AnyFetchOptions[],
  then?: (client: QueryClient) => Promise<unknown>,
): Promise<DehydratedState> {
  return probes().prefetch(
    queries.length,
    async () => {
      const client = createServerQueryClient();
      const started = performance.now();
      const work = (async () => {
        await Promise.all(queries.map((query) => client.prefetchQuery(query)));
        if (then) await then(client);
      })();
      await untilDoneOrStalled(work, started);
      // Answered and failed queries are handed over; the browser runs the stalled ones (its state component shows the wait).
      const state = dehydrate(client, {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error',
      });
      return {
        ...state,
        queries: state.queries.map((query) =>
          query.state.status === 'error'
            ? {
                ...query,
                state: {
                  ...query.state,
                  error: handOver(query.state.error),
                  fetchFailureReason: handOver(query.state.fetchFailureReason),
                },
              }
            : query,
        ),
      };
    },
    (state) => ({
      answered: state.queries.filter((q) => q.state.status === 'success').length,
      failed: state.queries.filter((q) => q.state.status === 'error').length,
    }),
  );
}

/**
 * A failure as plain data for the browser: the backend's status, code and message; an unexpected error's text
 * stays on the server (it may name internals).
 */
export function handOver(error: unknown): HandedOverError {
  const status = errorStatus(error);
  return {
    name: 'BackendError',
    ...(status === undefined ? {} : { status, code: errorCode(error) }),
    message: (status !== undefined && errorText(error)) || 'An error occurred',
    handedOver: true,
  };
}

/**
 * How long a render waits for data behind a statement that held the embedded PGlite's one connection before the
 * render began (issue 13 §4): past it the page is sent with its loading state and the browser fetches, instead
 * of every page waiting out someone's slow query (up to the statement timeout). A pool (PostgreSQL) never stalls.
 */
export const PREFETCH_STALL_MS = 100;
/** A statement holding the connection this long is nobody's screen query, whenever it began. */
export const PREFETCH_STALL_ANY_MS = 1000;
const STALL_POLL_MS = 20;

async function untilDoneOrStalled(work: Promise<void>, started: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<void>((resolve) => {
    timer = setInterval(() => {
      const heldSince = embeddedConnectionHeldSince();
      if (heldSince === undefined) return;
      const now = performance.now();
      if (
        (heldSince < started && now - started >= PREFETCH_STALL_MS) ||
        now - heldSince >= PREFETCH_STALL_ANY_MS
      )
        resolve();
    }, STALL_POLL_MS);
  });
  try {
    await Promise.race([work, stalled]);
  } finally {
    clearInterval(timer);
  }
}

/** One query's answer for a server component (metadata, a server-rendered part), with its failure as a value. */
export function loadServerQuery<T, K extends readonly unknown[]>(
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<Loaded<T>> {
  return loadSafely(() => createServerQueryClient().fetchQuery(options));
}
