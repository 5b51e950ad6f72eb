/** @jest-environment node */
import { execFileSync } from 'node:child_process';

/**
 * The project's ESLint rule for console links (eslint.config.mjs, issue 30): a template literal or a concatenation
 * that starts with a console path is refused outside the href builders, the route registry, the embedded backend,
 * tests and scripts. ESLint's flat config is ESM, so it runs in a child Node process on a few probe files.
 */
interface Probe {
  filePath: string;
  code: string;
}

const MESSAGE = "Build a console link with the target's href builder";

const LINT = `
import { ESLint } from 'eslint';
const probes = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const p of probes) {
  const [result] = await eslint.lintText(p.code, { filePath: p.filePath });
  out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message));
}
process.stdout.write(JSON.stringify(out));
`;

function lint(probes: Probe[]): string[][] {
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', LINT, JSON.stringify(probes)], {
    cwd: process.cwd(),
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as string[][];
}

const code = (line: string) => `const id = 'x';\nexport const link = ${line};\n`;

describe('the console-link lint rule', () => {
  it('refuses template literals and concatenations to console paths, and allows builders and static paths', () => {
    const probes: Probe[] = [
      { filePath: 'components/topology/probe.tsx', code: code('`/topology/${id}`') },
      { filePath: 'components/catalog/probe.tsx', code: code('`/catalog/${id}/changes`') },
      { filePath: 'app/(console)/probe.tsx', code: code("'/incidents/' + id") },
      { filePath: 'lib/operations/probe.ts', code: code('`/settings/canaries/${encodeURIComponent(id)}`') },
      { filePath: 'components/health/probe.tsx', code: code('`/health?checkId=${id}`') },
      // allowed: a static path, a non-console path, the builders, the registry, the embedded backend, tests
      { filePath: 'components/catalog/probe.tsx', code: code("'/catalog/changes'") },
      { filePath: 'components/shell/probe.tsx', code: code('`/api/db/${id}`') },
      { filePath: 'lib/topology/href.ts', code: code('`/topology/${id}`') },
      { filePath: 'lib/catalog/search.ts', code: code('`/catalog/${id}`') },
      { filePath: 'lib/routes.ts', code: code('`/settings/${id}/[id]`') },
      { filePath: 'lib/embedded-backend/probe.ts', code: code('`/playbooks/${id}`') },
      { filePath: 'tests/unit/probe.test.ts', code: code('`/topology/${id}`') },
    ];
    const refused = lint(probes).map((messages) => messages.filter((m) => m.startsWith(MESSAGE)).length);
    expect(refused).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
  }, 120_000);
});
