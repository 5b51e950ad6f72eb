import type { SeedOptions } from '@/lib/embedded-backend/seed';

/** `--checks N` scales the health checks of a fresh seed (benchmarks use 5000). */
export function seedOptionsFromArgs(argv: readonly string[]): SeedOptions {
  const options: SeedOptions = {};
  const index = argv.indexOf('--checks');
  const value = index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith('--checks='))?.split('=')[1];
  if (value !== undefined) {
    const checks = Number(value);
    if (!Number.isInteger(checks) || checks < 1 || checks > 100_000) throw new Error(`--checks must be an integer 1..100000, got ${value}`);
    options.checks = checks;
  }
  return options;
}
