import { backendPathTemplate } from '@/lib/telemetry/endpoint-template';
import { routeTemplate } from '@/lib/telemetry/route-template';

test.each([
  ['/db/checks?id=eq.42&select=*', '/db/checks'],
  ['/db/config_items?name=eq.secret-value', '/db/config_items'],
  ['/playbook/run/3f2c7b1e-0000-4000-8000-1234567890ab', '/playbook/run/:id'],
  ['/playbook/run/1234', '/playbook/run/:id'],
  ['/auth/whoami', '/auth/whoami'],
  ['/canary/api/summary', '/canary/api/summary'],
  ['/db/rpc/search_catalog', '/db/rpc/search_catalog'],
  ['/snapshot/Token.With.Dots', '/snapshot/:id'],
  ['/a/b/c/d/e/f/g/h', '/a/b/c/d/e/f/…'],
  ['/', '/'],
])('backend path %s is labelled %s', (path, template) => {
  expect(backendPathTemplate(path)).toBe(template);
});

test.each([
  ['/api/db/checks?id=eq.1', '/api/db/checks'],
  ['/api/session/callback/credentials?x=1', '/api/session'],
  ['/api/health?ready=1', '/api/health'],
  ['/catalog/6a1e7c44-1111-4222-8333-444455556666?tab=changes', '/catalog/[id]'],
  ['/health', '/health'],
  ['/_next/static/chunks/abc123.js', '/_next/static'],
  ['/no/such/page', 'unmatched'],
  ['/login?username=admin&password=demo', '/login'],
])('console request %s is labelled %s', (url, template) => {
  expect(routeTemplate(url)).toBe(template);
});
