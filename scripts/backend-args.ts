import type { SeedOptions } from '@/lib/embedded-backend/seed';

/** The scale flags of a fresh seed, each `--flag N` or `--flag=N`, with the range it accepts. */
const SCALE_FLAGS = [
  // Health checks (benchmarks use 5000).
  { flag: '--checks', option: 'checks', max: 100_000 },
  // Catalog items and their changes over 30 days (npm run bench:catalog uses 50000 and 200000).
  { flag: '--config-items', option: 'configItems', max: 200_000 },
  { flag: '--changes', option: 'changes', max: 2_000_000 },
] as const;

function flagValue(argv: readonly string[], flag: string): string | undefined {
  const index = argv.indexOf(flag);
  return index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith(`${flag}=`))?.split('=')[1];
}

/** `--checks N`, `--config-items N` and `--changes N` scale the demo data of a fresh seed. */
export function seedOptionsFromArgs(argv: readonly string[]): SeedOptions {
  const options: SeedOptions = {};
  for (const { flag, option, max } of SCALE_FLAGS) {
    const value = flagValue(argv, flag);
    if (value === undefined) continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`${flag} must be an integer 1..${max}, got ${value}`);
    options[option] = n;
  }
  return options;
}
