import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import { SECTION_ROW_LIMIT } from '@/lib/constants';

/** Insights, i.e. config analyses (PostgREST): those of a topology component. */

export const componentInsightSchema = z.looseObject({
  id: z.string(),
  config_id: z.string().nullish(),
  analysis_type: z.string().nullish(),
  severity: z.string().nullish(),
  first_observed: z.string().nullish(),
});
export type ComponentInsight = z.infer<typeof componentInsightSchema>;

/**
 * The open insights of a topology component's configs (spec 000 §7 `rpc/lookup_analysis_by_component`), newest
 * first, with a total. The function returns `config_analysis` rows, so the configs' names are a second read
 * (`config_names`, lib/backend/endpoints/resource-names.ts).
 */
export function componentInsightsEndpoint(componentId: string): Endpoint<ComponentInsight[]> {
  const q = pgrst('rpc/lookup_analysis_by_component')
    .param('id', componentId)
    .select('id,config_id,analysis_type,severity,first_observed')
    .eq('status', 'open')
    .order('first_observed', 'desc')
    .limit(SECTION_ROW_LIMIT)
    .count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(componentInsightSchema) };
}
