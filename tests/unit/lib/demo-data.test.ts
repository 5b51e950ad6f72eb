import { demoDataEnabled, type Env } from '@/lib/env';

/** Issue 31 item 15: demo data and the demo accounts' advertising only where wanted. */
const base = { NODE_ENV: 'development', DATABASE_URL: undefined, DEMO_DATA: undefined } as unknown as Env;
const env = (over: Partial<Record<'NODE_ENV' | 'DATABASE_URL' | 'DEMO_DATA', unknown>>) =>
  ({ ...base, ...over }) as Env;

describe('demoDataEnabled', () => {
  it('keeps the embedded default (PGlite) with demo data, in development and in production', () => {
    expect(demoDataEnabled(env({}))).toBe(true);
    expect(demoDataEnabled(env({ NODE_ENV: 'production' }))).toBe(true);
    expect(demoDataEnabled(env({ DATABASE_URL: 'postgresql://db/console' }))).toBe(true);
  });

  it('has none on a production server on DATABASE_URL unless DEMO_DATA asks for it', () => {
    const shared = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/console' };
    expect(demoDataEnabled(env(shared))).toBe(false);
    expect(demoDataEnabled(env({ ...shared, DEMO_DATA: true }))).toBe(true);
    expect(demoDataEnabled(env({ DEMO_DATA: false }))).toBe(false);
  });
});
