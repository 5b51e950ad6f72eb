import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';

/** Incidents (PostgREST): those of a topology component. */

export const componentIncidentSchema = z.looseObject({
  id: z.string(),
  title: z.string().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  severity: z.union([z.string(), z.number()]).nullish(),
  created_at: z.string().nullish(),
});
export type ComponentIncident = z.infer<typeof componentIncidentSchema>;

export function componentIncidentsEndpoint(componentId: string): Endpoint<ComponentIncident[]> {
  const q = pgrst('incidents_by_component').eq('component_id', componentId).order('created_at', 'desc');
  return { path: q.toPath(), schema: z.array(componentIncidentSchema) };
}
