/** @jest-environment node */
import { CelError, celMatches, parseCel } from '@/lib/embedded-backend/endpoints/shared/cel';

const check = { name: 'api-http', type: 'http', status: 'unhealthy', labels: { env: 'staging', team: 'payments' }, count: 3 };
const config = { name: 'checkout-7d9f', type: 'Kubernetes::Pod', tags: { namespace: 'payments' }, labels: {} };

describe('the CEL subset of notification and silence filters', () => {
  it.each([
    ["check.labels.env == 'staging'", { check }, true],
    ['check.labels.env == "production"', { check }, false],
    ["check.labels.env != 'production'", { check }, true],
    ["check.labels['team'] == 'payments'", { check }, true],
    ["config.type == 'Kubernetes::Pod'", { check }, false],
    ["config.type.startsWith('Kubernetes::') && config.tags.namespace in ['payments', 'platform']", { config }, true],
    ["config.name.endsWith('7d9f') || false", { config }, true],
    ["config.name.contains('out')", { config }, true],
    ["config.name.matches('^checkout-[0-9a-f]+$')", { config }, true],
    ["!(check.status == 'healthy')", { check }, true],
    ['check.count >= 3 && check.count < 4', { check }, true],
    ["size(check.labels) == 2 && has(check.labels.env) && !has(check.labels.tier)", { check }, true],
    ["'env' in check.labels", { check }, true],
    ['check.missing.deeper == null', { check }, true],
    ['true', {}, true],
    ['1 == 1.0', {}, true],
  ])('%s → %s', (source, env, expected) => {
    expect(celMatches(parseCel(source), env)).toBe(expected);
  });

  it.each([
    ["check.name == 'x", /unterminated string/],
    ['check.name = 1', /unexpected character '='/],
    ['check.name ==', /unexpected end/],
    ["check.name.lower() == 'x'", /unknown function 'lower'/],
    ['(check.name', /expected '\)'/],
    ['check.name == 1 1', /unexpected '1'/],
    [`${'('.repeat(40)}true${')'.repeat(40)}`, /nested too deeply/],
    ['x'.repeat(2001), /longer than 2000/],
  ])('refuses %s', (source, message) => {
    expect(() => parseCel(source)).toThrow(CelError);
    expect(() => parseCel(source)).toThrow(message);
  });
});
