import { openDatabase } from '@/lib/embedded-backend/db/open-database';
const db = await openDatabase({ dataDir: '/tmp/slices-scratch/catalog-data/pglite', databaseUrl: null });
const sql = process.argv[2] ?? '';
const params = JSON.parse(process.argv[3] ?? '[]');
for (let i = 0; i < 2; i++) {
  const t = performance.now();
  const r = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  if (i === 1) console.log(r.rows.map((x) => Object.values(x)[0]).join('\n'));
  console.log('ms', (performance.now() - t).toFixed(0));
}
await db.close();
