/** @jest-environment node */
import { ROLES, ROLE_PERMISSIONS } from '@/lib/auth/permissions';
import { apiGateFor, type ApiGate } from '@/lib/backend/api-gates';
import { parseProxyTarget, restFromUrl } from '@/lib/backend/request-target';
import { equivalentSpellings, gatedPaths, refusedSpellings } from '../../backend/proxy-target-variants';

describe('parseProxyTarget', () => {
  it.each([
    ['/db/checks', '/db/checks', '/db/checks', ''],
    ['/db/checks?select=*&id=eq.1', '/db/checks', '/db/checks', '?select=*&id=eq.1'],
    [
      '/db/configs?or=(a.eq.1,and(b.gt.2))&x=..%2F..',
      '/db/configs',
      '/db/configs',
      '?or=(a.eq.1,and(b.gt.2))&x=..%2F..',
    ],
    ['/canary/run/check/abc-123', '/canary/run/check/abc-123', '/canary/run/check/abc-123', ''],
    [
      '/schemas/playbook-spec.schema.json',
      '/schemas/playbook-spec.schema.json',
      '/schemas/playbook-spec.schema.json',
      '',
    ],
    ['/db/configs?q=a\\b', '/db/configs', '/db/configs', '?q=a\\b'],
    ['/people/%C3%A9', '/people/é', '/people/%C3%A9', ''],
    ['/people/%c3%a9', '/people/é', '/people/%C3%A9', ''],
    ['/db/conn%65ctions?select=name', '/db/connections', '/db/connections', '?select=name'],
    ['/db/%63%4F%6e%6Eections', '/db/cOnnections', '/db/cOnnections', ''],
    [
      '/db/rpc/check_summary_for_component?id=1',
      '/db/rpc/check_summary_for_component',
      '/db/rpc/check_summary_for_component',
      '?id=1',
    ],
    ['/canary/about/', '/canary/about/', '/canary/about/', ''],
  ])('accepts %s', (rest, path, encodedPath, search) => {
    expect(parseProxyTarget(rest)).toEqual({ ok: true, path, encodedPath, search });
  });

  it.each([
    '',
    '/',
    'db/checks',
    'http://evil.example/db',
    '//evil.example/db',
    '/db//checks',
    '/db/../etc',
    '/db/./checks',
    '/..',
    '/db/%2e%2e/x',
    '/db/%2E%2E/x',
    '/db/.%2e/x',
    '/db/%2e/x',
    '/db/a%2fb',
    '/db/a%2Fb',
    '/db/a%5cb',
    '/db/a%5Cb',
    '/db/a\\b',
    '/db/a%252e',
    '/db/a%2565',
    '/db/a%00',
    '/db/a%0d%0aHost:%20x',
    '/db/a\r\nHost: x',
    '/db/a\u0000',
    '/db/a b',
    '/db/a%20b',
    '/db/a?x=1\n',
    '/db/a#frag',
    '/db/a%zz',
    '/db/a%3f?x',
    '/db/%ff',
    '/db/%c0%af',
    '/db/%e2%82',
    '/db/%ed%a0%80',
    '/db/%c2%85',
    '/db/é',
    `/db/${'a'.repeat(20000)}`,
  ])('rejects %j', (rest) => {
    expect(parseProxyTarget(rest).ok).toBe(false);
  });
});

describe('encoding fuzz: every gated path, spelled every way, is gated as its canonical name (issue 13 §2)', () => {
  const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'];
  const decisions = (gate: ApiGate) =>
    ROLES.map((role) =>
      gate.target === 'unexposed'
        ? 'unexposed'
        : gate.target === 'signed-in' || ROLE_PERMISSIONS[role][gate.action].has(gate.target),
    );

  it.each(gatedPaths())('%s', (canonical) => {
    const parsedCanonical = parseProxyTarget(canonical);
    if (!parsedCanonical.ok) throw new Error(`${canonical} must parse`);
    const spellings = equivalentSpellings(canonical);
    expect(spellings.length).toBeGreaterThan(2);
    for (const spelling of spellings) {
      const parsed = parseProxyTarget(`${spelling}?select=*`);
      expect({ spelling, parsed }).toEqual({
        spelling,
        parsed: {
          ok: true,
          path: parsedCanonical.path,
          encodedPath: parsedCanonical.encodedPath,
          search: '?select=*',
        },
      });
      for (const method of METHODS) {
        expect({
          spelling,
          method,
          decisions: decisions(apiGateFor(parsed.ok ? parsed.path : '', method)),
        }).toEqual({
          spelling,
          method,
          decisions: decisions(apiGateFor(parsedCanonical.path, method)),
        });
      }
    }
    for (const spelling of refusedSpellings(canonical)) {
      expect({ spelling, ok: parseProxyTarget(spelling).ok }).toEqual({ spelling, ok: false });
    }
  });
});

describe('restFromUrl', () => {
  it('keeps the raw query string and drops /api', () => {
    expect(restFromUrl('http://console.test/api/db/checks?a=%2C,*&b=(x)')).toBe('/db/checks?a=%2C,*&b=(x)');
    expect(restFromUrl('/api/http://evil.example/x')).toBe('/http://evil.example/x');
    expect(restFromUrl('https://console.test:8443/api/kubeconfig')).toBe('/kubeconfig');
  });
});
