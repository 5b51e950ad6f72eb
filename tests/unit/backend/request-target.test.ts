/** @jest-environment node */
import { parseProxyTarget, restFromUrl } from '@/lib/backend/request-target';

describe('parseProxyTarget', () => {
  it.each([
    ['/db/checks', '/db/checks', ''],
    ['/db/checks?select=*&id=eq.1', '/db/checks', '?select=*&id=eq.1'],
    ['/db/configs?or=(a.eq.1,and(b.gt.2))&x=..%2F..', '/db/configs', '?or=(a.eq.1,and(b.gt.2))&x=..%2F..'],
    ['/canary/run/check/abc-123', '/canary/run/check/abc-123', ''],
    ['/schemas/playbook-spec.schema.json', '/schemas/playbook-spec.schema.json', ''],
    ['/db/configs?q=a\\b', '/db/configs', '?q=a\\b'],
    ['/people/%C3%A9', '/people/%C3%A9', ''],
  ])('accepts %s', (rest, path, search) => {
    expect(parseProxyTarget(rest)).toEqual({ ok: true, path, search });
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
    '/db/a%00',
    '/db/a%0d%0aHost:%20x',
    '/db/a\r\nHost: x',
    '/db/a\u0000',
    '/db/a b',
    '/db/a?x=1\n',
    '/db/a#frag',
    '/db/a%zz',
    '/db/a%3f?x',
    `/db/${'a'.repeat(20000)}`,
  ])('rejects %j', (rest) => {
    expect(parseProxyTarget(rest).ok).toBe(false);
  });
});

describe('restFromUrl', () => {
  it('keeps the raw query string and drops /api', () => {
    expect(restFromUrl('http://console.test/api/db/checks?a=%2C,*&b=(x)')).toBe('/db/checks?a=%2C,*&b=(x)');
    expect(restFromUrl('/api/http://evil.example/x')).toBe('/http://evil.example/x');
    expect(restFromUrl('https://console.test:8443/api/kubeconfig')).toBe('/kubeconfig');
  });
});
