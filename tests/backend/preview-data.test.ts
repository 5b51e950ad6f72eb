import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmbeddedBackend } from '@/lib/embedded-backend/bootstrap';
import { TEST_AUTH_SECRET } from './helpers/core-backend';
import { saveEnv } from '../helpers/saved-env';

/** Preview deployments (PREVIEW=1): each start gets its own temporary data directory with fresh demo data. */

const env = process.env as Record<string, string | undefined>;
const saved = saveEnv('PREVIEW', 'PREVIEW_LABEL', 'DATABASE_URL', 'AUTH_SECRET');

beforeAll(() => {
  env.PREVIEW = '1';
  env.PREVIEW_LABEL = 'PR 17: Faster lists';
  env.AUTH_SECRET = TEST_AUTH_SECRET;
  delete env.DATABASE_URL;
});

afterAll(() => saved.restore());

describe('preview deployments', () => {
  it('start on fresh demo data in a temporary directory of their own, deleted when they stop', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const first = await createEmbeddedBackend();
    const firstDir = first.db.dataDir;
    try {
      expect(firstDir).toBeDefined();
      expect(path.dirname(firstDir!)).toBe(tmpdir());
      expect(path.basename(firstDir!)).toMatch(/^ops-console-preview-pr-17-faster-lists-/);
      expect(first.startup.seed?.seeded).toBe(true);
      const renamed = await first.db.query(
        `UPDATE checks SET name = 'renamed in the first preview' WHERE id = (SELECT min(id::text)::uuid FROM checks) RETURNING id`,
      );
      expect(renamed.rows).toHaveLength(1);
    } finally {
      await first.db.close();
    }
    expect(existsSync(firstDir!)).toBe(false);

    const second = await createEmbeddedBackend();
    try {
      expect(second.db.dataDir).not.toBe(firstDir);
      expect(second.startup.seed?.seeded).toBe(true);
      const renamed = await second.db.query(
        `SELECT 1 FROM checks WHERE name = 'renamed in the first preview'`,
      );
      expect(renamed.rows).toHaveLength(0);
      const checks = await second.db.query<{ n: number }>('SELECT count(*)::int AS n FROM checks');
      expect(checks.rows[0]?.n).toBeGreaterThan(100);
    } finally {
      await second.db.close();
      info.mockRestore();
    }
    expect(existsSync(second.db.dataDir!)).toBe(false);
  });
});
