import { safeReturnTo } from '@/lib/auth/return-to';
import { parseInline, safeHref as markdownHref } from '@/lib/markdown';
import { sameOriginPath } from '@/lib/safe-path';
import { formatProperty, safeHref as propertyHref } from '@/lib/topology/properties';
import { HOSTILE_RETURN_TO, staysOnOrigin } from '../auth/hostile-return-to';

const ORIGIN = 'https://console.example';

/** Variants a browser reads as '//host' (issue 31 item 13), on top of the return_to table. */
const BACKSLASH_HOSTS = [
  '/\\evil.example',
  '\\\\evil.example',
  '/\\\\evil.example',
  '\\/evil.example',
  '/\t\\evil.example',
  '/\\\tevil.example',
  '\t/\\evil.example',
  '/\n/evil.example',
  ' /\\evil.example/path',
  '/\\evil.example?x=1',
];

/** A link either names its scheme (an external link, shown as one) or stays on the console's origin. */
function isHonest(href: string | null | undefined): boolean {
  if (href === null || href === undefined) return true;
  if (/^(https?|mailto):/i.test(href)) return true;
  return staysOnOrigin(href, ORIGIN) && sameOriginPath(href.split('#')[0] || '/') !== null;
}

describe('one check for same-origin paths (issue 31 item 13)', () => {
  it.each(BACKSLASH_HOSTS)('refuses %j as a path everywhere', (value) => {
    expect(sameOriginPath(value)).toBeNull();
    expect(safeReturnTo(value)).toBe('/');
    expect(markdownHref(value)).toBeNull();
    expect(propertyHref(value)).toBeUndefined();
  });

  it.each([...HOSTILE_RETURN_TO, ...BACKSLASH_HOSTS])(
    'links %j in markdown and properties only honestly',
    (value) => {
      expect(isHonest(markdownHref(value))).toBe(true);
      expect(isHonest(propertyHref(value))).toBe(true);
    },
  );

  it('renders a markdown link to /\\host as text, and keeps plain internal and external links', () => {
    for (const target of ['/\\evil.example', '\\\\evil.example', '/\\\\evil.example']) {
      expect(parseInline(`[docs](${target})`)).toEqual([{ kind: 'text', text: 'docs' }]);
    }
    expect(parseInline('[a](/health?x=1)')).toEqual([
      { kind: 'link', href: '/health?x=1', children: [{ kind: 'text', text: 'a' }] },
    ]);
    expect(markdownHref('https://example.org/x')).toBe('https://example.org/x');
    expect(markdownHref('#top')).toBe('#top');
    expect(markdownHref('mailto:a@example.org')).toBe('mailto:a@example.org');
  });

  it('leaves a topology property linking to /\\host unlinked, from links and from url-typed text', () => {
    expect(
      formatProperty({ name: 'Docs', links: [{ url: '/\\evil.example', label: 'docs' }] })?.href,
    ).toBeUndefined();
    expect(formatProperty({ name: 'Docs', type: 'url', text: '\\\\evil.example' })?.href).toBeUndefined();
    expect(formatProperty({ name: 'Docs', type: 'url', text: '/catalog/1' })?.href).toBe('/catalog/1');
    expect(propertyHref('http://x.test/a')).toBe('http://x.test/a');
  });
});
