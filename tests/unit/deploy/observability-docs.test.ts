/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * Issue 36's documentation: the README's configuration table names every variable lib/env.ts reads, and
 * docs/deploy.md shows a Prometheus scrape configuration next to a compose file with an OTLP collector and a
 * Prometheus that scrapes the instances' metrics port.
 */

const ROOT = join(__dirname, '../../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The README's configuration section, and the variables it has a row for (first column: `A`, or `A`, `B`). */
function configurationTable(): { text: string; rows: Set<string> } {
  const readme = read('README.md');
  const start = readme.indexOf('## Configuration');
  const text = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const firstCells = text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1] ?? '');
  const rows = new Set(
    firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!)),
  );
  return { text, rows };
}

/** Set by Next (NODE_ENV) or by CI (read as PREVIEW_LABEL's fallbacks, named in its row), never by a person. */
const NOT_SET_BY_PEOPLE = [
  'NODE_ENV',
  'GITHUB_HEAD_REF',
  'GITHUB_SHA',
  'CI_COMMIT_REF_NAME',
  'CI_COMMIT_SHA',
];

test('the README configuration table names every variable of lib/env.ts', () => {
  const source = read('lib/env.ts');
  const schema = source.slice(source.indexOf('const envSchema'), source.indexOf('export type Env'));
  const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
  expect(variables).toEqual(
    expect.arrayContaining(['LOG_LEVEL', 'METRICS_PORT', 'OTEL_EXPORTER_OTLP_ENDPOINT']),
  );
  const { text, rows } = configurationTable();
  expect(variables.filter((name) => !NOT_SET_BY_PEOPLE.includes(name) && !rows.has(name))).toEqual([]);
  const ci = NOT_SET_BY_PEOPLE.filter((name) => name !== 'NODE_ENV');
  expect(ci.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
});

test('docs/deploy.md shows a Prometheus scrape configuration for the metrics port', () => {
  const deploy = read('docs/deploy.md');
  const blocks = [...deploy.matchAll(/```yaml\n([\s\S]*?)```/g)].map(
    (m) => parse(m[1]!) as Record<string, unknown>,
  );
  const scrape = blocks.find((b) => Array.isArray(b?.scrape_configs)) as
    { scrape_configs: { static_configs: { targets: string[] }[] }[] } | undefined;
  expect(scrape).toBeDefined();
  const targets = scrape!.scrape_configs.flatMap((c) => c.static_configs.flatMap((s) => s.targets));
  expect(targets.length).toBeGreaterThan(0);
  expect(targets.every((t) => t.endsWith(':9464'))).toBe(true);
});

test('compose.yaml runs an OTLP collector and a Prometheus scraping every console instance', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, { environment?: Record<string, string>; profiles?: string[] }>;
    configs: Record<string, { content: string }>;
  };
  const consoles = Object.entries(compose.services).filter(([, s]) => s.environment?.METRICS_PORT);
  expect(consoles.map(([name]) => name).sort()).toEqual(['console-a', 'console-b']);
  for (const [, service] of consoles)
    expect(service.environment).toHaveProperty('OTEL_EXPORTER_OTLP_ENDPOINT');
  expect(compose.services['otel-collector']?.profiles).toContain('observability');
  const collector = parse(compose.configs.otelcol!.content) as {
    receivers: { otlp: { protocols: { http: { endpoint: string } } } };
    service: { pipelines: { traces: { receivers: string[] } } };
  };
  expect(collector.receivers.otlp.protocols.http.endpoint).toMatch(/:4318$/);
  expect(collector.service.pipelines.traces.receivers).toContain('otlp');
  const prometheus = parse(compose.configs.prometheus!.content) as {
    scrape_configs: { static_configs: { targets: string[] }[] }[];
  };
  const scraped = prometheus.scrape_configs.flatMap((c) => c.static_configs.flatMap((s) => s.targets));
  for (const [name, service] of consoles)
    expect(scraped).toContain(`${name}:${service.environment!.METRICS_PORT}`);
});
