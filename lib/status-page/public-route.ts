import { CLIENT_ADDRESS_HEADER } from '@/lib/auth/sign-in-throttle';
import type { Transport } from '@/lib/backend/transport';
import { getEnv } from '@/lib/env';
import { STATIC_SECURITY_HEADERS } from '@/lib/server/security-headers';
import { createPublicCache, type PublicCache } from '@/lib/status-page/public-cache';
import { publicStatusPageSchema, type PublicStatusPage } from '@/lib/status-page/public-model';
import { createRateLimiter, type RateLimiter } from '@/lib/status-page/rate-limit';
import { renderAtomFeed, renderJson } from '@/lib/status-page/render-feed';
import { renderMessagePage, renderStatusPage, STATUS_PAGE_CSP } from '@/lib/status-page/render-html';

/**
 * `/status/{slug}`, `/status/{slug}.json` and `/status/{slug}/feed.xml` (issue 38): outside the signed-in console —
 * no middleware, no session, no `/api` — served from the per-slug cache (public-cache.ts), limited per client
 * address (rate-limit.ts), with headers of their own. The backend is the deployment's (BACKEND_URL or the embedded
 * one); its address, ids and internal names never appear in an answer. A backend without status pages (404 on the
 * public read without the embedded backend's `code`) gets a clear "not available" page, never an error page.
 */

export type PublicFormat = 'html' | 'json' | 'atom';

/** A query string longer than this is refused (the pages take no parameters; it could only be noise or an attack). */
export const MAX_QUERY_LENGTH = 1024;
const BACKEND_TIMEOUT_MS = 10_000;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

type Loaded =
  | { kind: 'page'; page: PublicStatusPage; rendered: Partial<Record<PublicFormat, string>> }
  | { kind: 'not-found' }
  | { kind: 'not-available' };

interface PublicState {
  cache: PublicCache<Loaded>;
  limiter: RateLimiter;
}

// One cache and limiter per process: the three route files are separate bundles, and the console's publish action
// drops entries of the same cache.
const STATE = Symbol.for('ops-console.status-page.public');
const state = (): PublicState =>
  ((globalThis as typeof globalThis & { [STATE]?: PublicState })[STATE] ??= {
    cache: createPublicCache<Loaded>({ freshMs: getEnv().STATUS_PAGE_CACHE_SECONDS * 1000 }),
    limiter: createRateLimiter(),
  });

/** Drops cached public pages of this process (a publish, unpublish or delete from this console). */
export function invalidatePublicStatusPages(slug?: string): void {
  state().cache.invalidate(slug);
}

export interface PublicRouteDeps {
  transport: Transport;
  /** The sign-in mode: status pages exist where the deployment has one backend (basic, kratos). */
  mode: string;
  cache?: PublicCache<Loaded>;
  limiter?: RateLimiter;
  /** How long a browser or proxy may keep an answer: the console cache's own freshness (STATUS_PAGE_CACHE_SECONDS). */
  freshSeconds?: number;
}

async function load(transport: Transport, slug: string): Promise<Loaded> {
  const response = await transport(`/status-page/public/${slug}`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(BACKEND_TIMEOUT_MS),
  });
  if (response.status === 404) {
    const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
    return body?.code === 'status_page_not_found' ? { kind: 'not-found' } : { kind: 'not-available' };
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`status page backend answered ${response.status}`);
  }
  const parsed = publicStatusPageSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('status page backend sent an unexpected answer');
  return { kind: 'page', page: parsed.data, rendered: {} };
}

const CONTENT_TYPES: Record<PublicFormat, string> = {
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

function headers(format: PublicFormat, cache: string, extra: Record<string, string> = {}): Headers {
  const h = new Headers({
    ...STATIC_SECURITY_HEADERS,
    'content-type': CONTENT_TYPES[format],
    'content-security-policy': STATUS_PAGE_CSP,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': cache,
    ...extra,
  });
  // Embedding the JSON elsewhere is its purpose; it carries nothing a cookie would unlock.
  if (format === 'json') h.set('access-control-allow-origin', '*');
  return h;
}

function message(
  format: PublicFormat,
  status: number,
  title: string,
  text: string,
  cache: string,
  extra: Record<string, string> = {},
): Response {
  const body =
    format === 'html'
      ? renderMessagePage(title, text)
      : format === 'json'
        ? JSON.stringify({ error: text })
        : renderMessagePage(title, text);
  const type = format === 'atom' ? 'html' : format;
  return new Response(body, { status, headers: headers(type, cache, extra) });
}

const NOT_FOUND = ['Status page not found', 'There is no published status page at this address.'] as const;
const NOT_AVAILABLE = [
  'Status pages are not available',
  'This installation does not publish status pages.',
] as const;

/** Splits `/status/{param}`: `acme` is the page, `acme.json` its JSON. */
export function parseSlugParam(param: string): { slug: string; format: PublicFormat } {
  return param.endsWith('.json')
    ? { slug: param.slice(0, -5), format: 'json' }
    : { slug: param, format: 'html' };
}

export async function servePublicStatus(
  request: Request,
  slug: string,
  format: PublicFormat,
  deps: PublicRouteDeps,
): Promise<Response> {
  const { cache, limiter } = { ...state(), ...deps };
  const url = new URL(request.url);
  if (url.search.length > MAX_QUERY_LENGTH) {
    return message(
      format,
      414,
      'Address too long',
      `Status pages take no query parameters; this address carries ${url.search.length} characters of them.`,
      'no-store',
    );
  }
  const wait = limiter.take(request.headers.get(CLIENT_ADDRESS_HEADER)?.trim() || 'unknown');
  if (wait > 0) {
    return message(format, 429, 'Too many requests', `Please try again in ${wait} seconds.`, 'no-store', {
      'retry-after': String(wait),
    });
  }
  if (deps.mode !== 'basic' && deps.mode !== 'kratos')
    return message(format, 404, ...NOT_AVAILABLE, 'public, max-age=300');
  if (slug.length > 64 || !SLUG.test(slug)) return message(format, 404, ...NOT_FOUND, 'public, max-age=300');

  let answer;
  try {
    answer = await cache.get(slug, () => load(deps.transport, slug));
  } catch {
    return message(
      format,
      503,
      'Status temporarily unavailable',
      'The status of this page cannot be read right now. Please try again in a minute.',
      'no-store',
      { 'retry-after': '30' },
    );
  }
  const loaded = answer.value;
  const age = String(Math.floor(answer.ageMs / 1000));
  // A browser keeps a page no longer than this console would: an unpublished page is gone for a visitor's
  // browser within the same time (a hard-coded 30 s kept it there after a shorter console cache had dropped it).
  const fresh = deps.freshSeconds ?? getEnv().STATUS_PAGE_CACHE_SECONDS;
  if (loaded.kind === 'not-found')
    return message(format, 404, ...NOT_FOUND, `public, max-age=${fresh}`, { age });
  if (loaded.kind === 'not-available')
    return message(format, 404, ...NOT_AVAILABLE, 'public, max-age=300', { age });
  const body = (loaded.rendered[format] ??=
    format === 'html'
      ? renderStatusPage(loaded.page)
      : format === 'json'
        ? renderJson(loaded.page)
        : renderAtomFeed(loaded.page));
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: headers(format, `public, max-age=${fresh}, stale-while-revalidate=${fresh}`, { age }),
  });
}
