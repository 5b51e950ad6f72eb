/** @jest-environment node */
import { CLIENT_ADDRESS_HEADER } from '@/lib/auth/sign-in-throttle';
import { createPublicCache } from '@/lib/status-page/public-cache';
import { parseSlugParam, servePublicStatus, type PublicFormat } from '@/lib/status-page/public-route';
import { createRateLimiter } from '@/lib/status-page/rate-limit';
import { samplePage } from './fixtures';

type Answer = { status: number; body: unknown };

function setup(answer: (path: string) => Answer | Promise<Answer>, mode = 'basic', freshSeconds?: number) {
  const calls: string[] = [];
  const transport = async (path: string) => {
    calls.push(path);
    const a = await answer(path);
    return new Response(JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const deps = {
    transport,
    mode,
    cache: createPublicCache<never>() as never,
    limiter: createRateLimiter({ burst: 5, perSecond: 0.001 }),
    freshSeconds,
  };
  const get = (path: string, format: PublicFormat = 'html', address = '203.0.113.7', method = 'GET') => {
    const url = new URL(path, 'http://console.test');
    const slug = url.pathname.split('/')[2] ?? '';
    return servePublicStatus(
      new Request(url, { method, headers: { [CLIENT_ADDRESS_HEADER]: address } }),
      slug,
      format,
      deps,
    );
  };
  return { calls, get };
}

const ok = () => ({ status: 200, body: { ...samplePage(), backend: 'http://10.1.2.3:3100' } });

describe('/status/{slug} route', () => {
  it('serves the page from one backend call with its own headers and no backend address', async () => {
    const { calls, get } = setup(ok);
    const first = await get('/status/acme');
    const second = await get('/status/acme');
    expect(calls).toEqual(['/status-page/public/acme']);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=30');
    expect(first.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    const html = await first.text();
    expect(html).toContain('Acme &lt;Shop&gt;');
    expect(html).not.toContain('10.1.2.3');
    expect(await second.text()).toBe(html);
  });

  it('lets a browser keep an answer only as long as the console cache does (STATUS_PAGE_CACHE_SECONDS)', async () => {
    const page = setup(ok, 'basic', 2);
    expect((await page.get('/status/acme')).headers.get('cache-control')).toBe(
      'public, max-age=2, stale-while-revalidate=2',
    );
    const gone = setup(() => ({ status: 404, body: { code: 'status_page_not_found' } }), 'basic', 2);
    expect((await gone.get('/status/acme')).headers.get('cache-control')).toBe('public, max-age=2');
  });

  it('serves the JSON (embeddable) and the Atom feed of the same page', async () => {
    const { get } = setup(ok);
    const json = await get('/status/acme', 'json');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await json.json()) as Record<string, unknown>;
    expect(body.backend).toBeUndefined();
    expect(Object.keys(body).sort()).toEqual(
      ['generated_at', 'incidents', 'page', 'sections', 'status', 'uptime_window'].sort(),
    );
    const feed = await get('/status/acme/feed.xml', 'atom');
    expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  });

  it('splits /status/acme.json into the slug and its format', () => {
    expect(parseSlugParam('acme.json')).toEqual({ slug: 'acme', format: 'json' });
    expect(parseSlugParam('acme')).toEqual({ slug: 'acme', format: 'html' });
  });

  it('answers unknown and malformed slugs with a 404 page, the malformed ones without asking the backend', async () => {
    const { calls, get } = setup(() => ({
      status: 404,
      body: { error: 'status page not found', code: 'status_page_not_found' },
    }));
    const unknown = await get('/status/nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Status page not found');
    const bad = await get('/status/..%2Fetc');
    expect(bad.status).toBe(404);
    expect(calls).toEqual(['/status-page/public/nope']);
    // The 404 is cached like a page: a second visit costs nothing.
    await get('/status/nope');
    expect(calls).toHaveLength(1);
  });

  it('says "not available" for a backend without status pages and in modes without one backend', async () => {
    const { get } = setup(() => ({ status: 404, body: { message: 'Not Found' } }));
    const answer = await get('/status/acme');
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('Status pages are not available');
    const clerk = setup(ok, 'clerk');
    const json = await clerk.get('/status/acme', 'json');
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({ error: 'This installation does not publish status pages.' });
    expect(clerk.calls).toEqual([]);
  });

  it('answers a backend failure with a clear 503, never an error page', async () => {
    const { get } = setup(() => ({ status: 500, body: { message: 'boom at 10.0.0.1' } }));
    const answer = await get('/status/acme');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    const text = await answer.text();
    expect(text).toContain('Status temporarily unavailable');
    expect(text).not.toContain('10.0.0.1');
  });

  it('refuses huge query strings and too many requests from one address', async () => {
    const { calls, get } = setup(ok);
    const long = await get(`/status/acme?x=${'a'.repeat(5000)}`);
    expect(long.status).toBe(414);
    expect(await long.text()).toContain('Status pages take no query parameters');
    for (let i = 0; i < 5; i++) expect((await get('/status/acme')).status).toBe(200);
    const limited = await get('/status/acme');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get('/status/acme', 'html', '198.51.100.1')).status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('answers HEAD without a body', async () => {
    const { get } = setup(ok);
    const head = await get('/status/acme', 'html', '203.0.113.9', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
