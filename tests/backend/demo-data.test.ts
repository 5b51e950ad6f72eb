import { createEmbeddedBackend } from '@/lib/embedded-backend/bootstrap';
import { pgBinariesAvailable, startPgCluster, type PgCluster } from './helpers/pg-cluster';
import { TEST_AUTH_SECRET } from './helpers/core-backend';
import { saveEnv } from '../helpers/saved-env';

/**
 * Issue 31 item 15: a production server on a shared PostgreSQL (NODE_ENV=production with DATABASE_URL) used to seed
 * the demo accounts (admin … guest, password `demo`). It seeds them only when DEMO_DATA asks for it; the default
 * embedded mode (PGlite) is unchanged (tests/unit/lib/demo-data.test.ts).
 */
const env = process.env as Record<string, string | undefined>;
const saved = saveEnv('NODE_ENV', 'DEMO_DATA', 'AUTH_SECRET', 'DEMO_TICKER');

const maybe = pgBinariesAvailable() ? describe : describe.skip;

maybe('demo data on a production server with DATABASE_URL', () => {
  let cluster: PgCluster;

  beforeAll(async () => {
    cluster = await startPgCluster();
    env.AUTH_SECRET = TEST_AUTH_SECRET;
    env.DEMO_TICKER = 'false';
  }, 120_000);

  afterAll(async () => {
    saved.restore();
    await cluster?.stop();
  });

  const people = async (backend: Awaited<ReturnType<typeof createEmbeddedBackend>>) =>
    (await backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM people_passwords')).rows[0]?.n;

  it('seeds no demo accounts unless DEMO_DATA asks for them', async () => {
    env.NODE_ENV = 'production';
    delete env.DEMO_DATA;
    const bare = await createEmbeddedBackend({ databaseUrl: cluster.url });
    try {
      expect(bare.startup.seed).toBeNull();
      expect(await people(bare)).toBe(0);
      const login = await bare.handler(
        new Request('http://backend.test/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'demo' }),
        }),
      );
      expect(login.status).toBe(401);
    } finally {
      await bare.db.close();
    }

    env.DEMO_DATA = 'true';
    const demo = await createEmbeddedBackend({ databaseUrl: cluster.url });
    try {
      expect(demo.startup.seed?.seeded).toBe(true);
      expect(await people(demo)).toBeGreaterThanOrEqual(6);
    } finally {
      await demo.db.close();
      env.NODE_ENV = saved.values.NODE_ENV;
    }
  }, 180_000);
});
