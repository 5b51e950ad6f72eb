/** @jest-environment node */
import { CelError, celMatches, parseCel } from '@/lib/embedded-backend/endpoints/shared/cel';

const check = {
  name: 'api-http',
  type: 'http',
  status: 'unhealthy',
  labels: { env: 'staging', team: 'payments' },
  count: 3,
};
const config = {
  name: 'checkout-7d9f',
  type: 'Kubernetes::Pod',
  tags: { namespace: 'payments' },
  labels: {},
};

describe('the CEL subset of notification and silence filters', () => {
  it.each([
    ["check.labels.env == 'staging'", { check }, true],
    ['check.labels.env == "production"', { check }, false],
    ["check.labels.env != 'production'", { check }, true],
    ["check.labels['team'] == 'payments'", { check }, true],
    ["config.type == 'Kubernetes::Pod'", { check }, false],
    [
      "config.type.startsWith('Kubernetes::') && config.tags.namespace in ['payments', 'platform']",
      { config },
      true,
    ],
    ["config.name.endsWith('7d9f') || false", { config }, true],
    ["config.name.contains('out')", { config }, true],
    ["config.name.matches('^checkout-[0-9a-f]+$')", { config }, true],
    ["!(check.status == 'healthy')", { check }, true],
    ['check.count >= 3 && check.count < 4', { check }, true],
    ['size(check.labels) == 2 && has(check.labels.env) && !has(check.labels.tier)', { check }, true],
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
    [
      "check.name.matches('a(?=b)')",
      /matches\(\) at 12: invalid regular expression \(RE2 syntax\): invalid or unsupported Perl syntax/,
    ],
    ["check.name.matches('(a)\\\\1')", /invalid escape sequence/],
    ["check.name.matches('(')", /missing closing \)/],
  ])('refuses %s', (source, message) => {
    expect(() => parseCel(source)).toThrow(CelError);
    expect(() => parseCel(source)).toThrow(message);
  });

  it('runs matches() in linear time: the silence filter of the review (^(.|.)*!$) no longer backtracks', () => {
    // JavaScript's RegExp needs ~2^n steps for n characters here (about 100 s for the review's resources).
    const program = parseCel("check.name.matches('^(.|.)*!$')");
    const started = performance.now();
    expect(celMatches(program, { check: { name: 'a'.repeat(5000) } })).toBe(false);
    expect(celMatches(program, { check: { name: `${'a'.repeat(5000)}!` } })).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads a pattern that is not a literal at evaluation time, and a pattern RE2 refuses matches nothing', () => {
    const program = parseCel('check.name.matches(check.pattern)');
    expect(celMatches(program, { check: { name: 'api-http', pattern: '^api-' } })).toBe(true);
    expect(celMatches(program, { check: { name: 'api-http', pattern: '^(?=api)' } })).toBe(false);
  });
});
