/** @jest-environment node */
import { createHash } from 'node:crypto';
import { publicStatusPageSchema, uptimeSlots } from '@/lib/status-page/public-model';
import { renderAtomFeed, renderJson } from '@/lib/status-page/render-feed';
import { renderStatusPage, STATUS_PAGE_CSP, STYLE_HASH } from '@/lib/status-page/render-html';
import { samplePage } from './fixtures';

describe('public status page rendering', () => {
  const html = renderStatusPage(samplePage());

  it('is one document with no script, its style allowed by hash in its own CSP', () => {
    expect(html).not.toMatch(/<script/i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(`'sha256-${createHash('sha256').update(style).digest('base64')}'`).toBe(STYLE_HASH);
    expect(STATUS_PAGE_CSP).toContain(`style-src ${STYLE_HASH}`);
    expect(STATUS_PAGE_CSP).toMatch(/default-src 'none'/);
    expect(STATUS_PAGE_CSP).not.toMatch(/script-src/);
    expect(html).toContain('prefers-color-scheme:dark');
  });

  it('fits a phone: device-width viewport, and below 30rem the bars keep the last 30 days', () => {
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    const narrow = /@media \(max-width:30rem\)\{(.*?)\}\}/.exec(html)?.[1] ?? '';
    expect(narrow).toContain('.bars span:nth-child(-n+60){display:none');
  });

  it('escapes every backend text', () => {
    expect(html).toContain('Acme &lt;Shop&gt;');
    expect(html).toContain('Payments &amp; &quot;checkout&quot;');
    expect(html).toContain('Checkout errors &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Search &lt;beta&gt;');
  });

  it('shows the headline, statuses, 90 bars per uptime entry, incidents and the feeds', () => {
    expect(html).toContain('Degraded performance');
    expect(html).toContain('<span class="s s-operational">Operational</span>');
    const bars = /<div class="bars"[^>]*>(.*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(bars.match(/<span/g)).toHaveLength(90);
    expect(bars).toContain('class="b-degraded" title="2026-12-05: 97 %"');
    expect(html).toContain(
      'aria-label="Checkout: 99.5 % uptime over the last 90 days; 1 days with failures"',
    );
    expect(html).toContain('Active incidents');
    expect(html).toContain('We found the cause &amp; fix it.');
    expect(html).toContain('No incidents in the last 90 days.');
    expect(html).toContain('href="/status/acme/feed.xml"');
    expect(html).toContain('href="/status/acme.json"');
    // A section without a name is still a heading (document outline).
    expect(html).toContain('>Services 2</h2>');
  });

  it('fills days without results as empty slots, oldest first', () => {
    const slots = uptimeSlots({ from: '2026-12-04', to: '2026-12-06', days: 3 }, [
      { date: '2026-12-05', state: 'outage', percent: 10 },
    ]);
    expect(slots).toEqual([
      { date: '2026-12-04', state: 'none' },
      { date: '2026-12-05', state: 'outage', percent: 10 },
      { date: '2026-12-06', state: 'none' },
    ]);
  });

  it('writes an Atom feed of the incidents with opaque ids and relative links', () => {
    const feed = renderAtomFeed(samplePage());
    expect(feed).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/,
    );
    expect(feed).toContain('<id>urn:uuid:b642152b-abc1-d536-0bbb-0123456789ab</id>');
    expect(feed).toContain(
      '<title>[Identified] Checkout errors &lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
    expect(feed).toContain('<link rel="self" type="application/atom+xml" href="/status/acme/feed.xml"/>');
    expect(feed).toContain('<category term="Checkout"/>');
    expect(feed).toContain('<updated>2026-12-06T11:00:00.000Z</updated>');
    expect(feed).not.toMatch(/http:\/\/(?!www\.w3\.org)/);
  });

  it('answers JSON of exactly the checked shape: unknown keys from the backend are dropped', () => {
    const leaky = {
      ...samplePage(),
      backend_url: 'http://10.0.0.1:3100',
      page: { ...samplePage().page, id: 'x' },
    };
    const parsed = publicStatusPageSchema.parse(leaky);
    const json = renderJson(parsed);
    expect(json).not.toContain('10.0.0.1');
    expect(JSON.parse(json).page).toEqual(samplePage().page);
  });
});
