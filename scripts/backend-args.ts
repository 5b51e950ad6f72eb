import type { SeedOptions } from '@/lib/embedded-backend/seed';
import { NAME_PREFIX_PATTERN } from '@/lib/embedded-backend/seed/generate';

/** The scale flags of a fresh seed, each `--flag N` or `--flag=N`, with the range it accepts. */
const SCALE_FLAGS = [
  // Health checks (benchmarks use 5000).
  { flag: '--checks', option: 'checks', max: 100_000 },
  // Catalog items and their changes over 30 days (npm run bench:catalog uses 50000 and 200000).
  { flag: '--config-items', option: 'configItems', max: 200_000 },
  { flag: '--changes', option: 'changes', max: 2_000_000 },
] as const;

/** The value of `--name value` or `--name=value`. */
function argValue(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/**
 * `--checks N`, `--config-items N` and `--changes N` scale the demo data of a fresh seed; `--name-prefix acme`
 * puts a label before the demo's topology, component, canary and check names (one demo backend per organization).
 */
export function seedOptionsFromArgs(argv: readonly string[]): SeedOptions {
  const options: SeedOptions = {};
  const prefix = argValue(argv, '--name-prefix');
  if (prefix !== undefined) {
    if (!NAME_PREFIX_PATTERN.test(prefix))
      throw new Error(`--name-prefix must be a lower-case label (a-z, 0-9, -), got ${prefix}`);
    options.namePrefix = prefix;
  }
  for (const { flag, option, max } of SCALE_FLAGS) {
    const value = argValue(argv, flag);
    if (value === undefined) continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new Error(`${flag} must be an integer 1..${max}, got ${value}`);
    options[option] = n;
  }
  return options;
}
