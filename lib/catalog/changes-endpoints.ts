import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import { SECTION_ROW_LIMIT } from '@/lib/constants';

/** Config changes (PostgREST): those of a topology component. */

export const componentChangeSchema = z.looseObject({
  id: z.string(),
  config_id: z.string().nullish(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  config_class: z.string().nullish(),
  change_type: z.string().nullish(),
  severity: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type ComponentChange = z.infer<typeof componentChangeSchema>;

export function componentChangesEndpoint(componentId: string): Endpoint<ComponentChange[]> {
  const q = pgrst('changes_by_component')
    .eq('component_id', componentId)
    .select('id,config_id,name,type,config_class,change_type,severity,created_at')
    .order('created_at', 'desc')
    .limit(SECTION_ROW_LIMIT)
    .count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(componentChangeSchema) };
}
