// docs/new-screen.md, step 2 — in the product: lib/things/endpoints.ts
import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';

export const thingSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Thing = z.infer<typeof thingSchema>;

/** Plain parameters: the backend layer does not know the screen's URL contract. */
export interface ThingsListParams {
  query: string;
  status: string | null;
  sortBy: string | null;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
}

/** One page of things with its total (`Prefer: count=exact` → Content-Range). */
export function thingsEndpoint(p: ThingsListParams): Endpoint<Thing[]> {
  const q = pgrst('things').select('id,name,status,created_at');
  if (p.query) q.ilike('name', `*${p.query}*`);
  if (p.status) q.eq('status', p.status);
  q.order(p.sortBy ?? 'name', p.sortDesc ? 'desc' : 'asc');
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(thingSchema) };
}
