import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';

/** Catalog queries that take their filters in a POST body (backend-contract §2.5, §2.6, §2.7). */

export interface CatalogSummaryRequest {
  groupBy?: string[];
  deleted?: boolean;
  filter?: Record<string, string>;
  health?: string;
  status?: string;
  changes?: { since: string };
  analysis?: { since: string };
  cost?: '1h' | '1d' | '30d';
  tags?: string[];
}

export const catalogSummaryRowSchema = z.looseObject({
  type: z.string().nullish(),
  health: z.record(z.string(), z.number()).nullish(),
  count: z.number().nullish(),
  changes: z.number().nullish(),
  analysis: z.record(z.string(), z.number()).nullish(),
  cost_30d: z.number().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type CatalogSummaryRow = z.infer<typeof catalogSummaryRowSchema>;

export function catalogSummaryEndpoint(body: CatalogSummaryRequest): Endpoint<CatalogSummaryRow[]> {
  return { method: 'POST', path: '/catalog/summary', body, schema: z.array(catalogSummaryRowSchema) };
}

export interface CatalogChangesRequest {
  id?: string;
  config_type?: string;
  type?: string;
  severity?: string;
  from?: string;
  to?: string;
  tags?: string;
  page?: number;
  page_size?: number;
  sort_by?: string;
  recursive?: 'upstream' | 'downstream' | 'none' | 'all';
  depth?: number;
  include_deleted_configs?: boolean;
}

export const catalogChangeSchema = z.looseObject({
  id: z.string(),
  config_id: z.string().nullish(),
  change_type: z.string().nullish(),
  severity: z.string().nullish(),
  source: z.string().nullish(),
  summary: z.string().nullish(),
  created_at: z.string().nullish(),
  count: z.number().nullish(),
  name: z.string().nullish(),
  type: z.string().nullish(),
});

export const catalogChangesSchema = z.looseObject({
  summary: z.record(z.string(), z.number()).nullish(),
  total: z.number().nullish(),
  changes: z.array(catalogChangeSchema).nullish(),
});
export type CatalogChanges = z.infer<typeof catalogChangesSchema>;

export function catalogChangesEndpoint(body: CatalogChangesRequest): Endpoint<CatalogChanges> {
  return { method: 'POST', path: '/catalog/changes', body, schema: catalogChangesSchema };
}

const searchHitSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  namespace: z.string().nullish(),
  icon: z.string().nullish(),
  agent: z.string().nullish(),
  tags: z.unknown().optional(),
});
export type ResourceSearchHit = z.infer<typeof searchHitSchema>;

export const resourceSearchSchema = z.looseObject({
  checks: z.array(searchHitSchema).nullish(),
  components: z.array(searchHitSchema).nullish(),
  configs: z.array(searchHitSchema).nullish(),
});
export type ResourceSearch = z.infer<typeof resourceSearchSchema>;

/** The spec UI sends `{agent: 'all', search}` for each kind it wants. */
export function resourceSearchEndpoint(
  search: string,
  kinds: ReadonlyArray<'checks' | 'components' | 'configs'>,
  limit = 10,
): Endpoint<ResourceSearch> {
  const body: Record<string, unknown> = { limit };
  for (const kind of kinds) body[kind] = [{ agent: 'all', search }];
  return { method: 'POST', path: '/resources/search', body, schema: resourceSearchSchema };
}
