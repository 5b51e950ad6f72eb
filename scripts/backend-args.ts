import type { SeedOptions } from '@/lib/embedded-backend/seed';
import { NAME_PREFIX_PATTERN } from '@/lib/embedded-backend/seed/generate';

/** The value of `--name value` or `--name=value`. */
function argValue(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/**
 * `--checks N` scales the health checks of a fresh seed (benchmarks use 5000); `--name-prefix acme` puts a label
 * before the demo's topology, component, canary and check names (one demo backend per organization).
 */
export function seedOptionsFromArgs(argv: readonly string[]): SeedOptions {
  const options: SeedOptions = {};
  const prefix = argValue(argv, '--name-prefix');
  if (prefix !== undefined) {
    if (!NAME_PREFIX_PATTERN.test(prefix)) throw new Error(`--name-prefix must be a lower-case label (a-z, 0-9, -), got ${prefix}`);
    options.namePrefix = prefix;
  }
  const value = argValue(argv, '--checks');
  if (value !== undefined) {
    const checks = Number(value);
    if (!Number.isInteger(checks) || checks < 1 || checks > 100_000) throw new Error(`--checks must be an integer 1..100000, got ${value}`);
    options.checks = checks;
  }
  return options;
}
