import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';

/** Teams (PostgREST): those of a topology component. */

export const componentTeamSchema = z.looseObject({
  team_id: z.string(),
  role: z.string().nullish(),
  team: z.looseObject({ id: z.string(), name: z.string().nullish(), icon: z.string().nullish() }).nullish(),
});
export type ComponentTeam = z.infer<typeof componentTeamSchema>;

export function componentTeamsEndpoint(componentId: string): Endpoint<ComponentTeam[]> {
  const q = pgrst('team_components').eq('component_id', componentId).select('team_id,role,team:teams(id,name,icon)');
  return { path: q.toPath(), schema: z.array(componentTeamSchema) };
}
