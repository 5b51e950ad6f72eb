import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import { SECTION_ROW_LIMIT } from '@/lib/constants';

/** Insights, i.e. config analyses (PostgREST): those of a topology component. */

export const componentInsightSchema = z.looseObject({
  analysis_id: z.string(),
  config_id: z.string().nullish(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  config_class: z.string().nullish(),
  analysis_type: z.string().nullish(),
  severity: z.string().nullish(),
  first_observed: z.string().nullish(),
});
export type ComponentInsight = z.infer<typeof componentInsightSchema>;

export function componentInsightsEndpoint(componentId: string): Endpoint<ComponentInsight[]> {
  const q = pgrst('analysis_by_component')
    .eq('component_id', componentId)
    .select('analysis_id,config_id,name,type,config_class,analysis_type,severity,first_observed')
    .limit(SECTION_ROW_LIMIT)
    .count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(componentInsightSchema) };
}
