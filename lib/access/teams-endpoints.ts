import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';

/** Teams (PostgREST): those of a topology component, teams by name, a team's members. */

export const componentTeamSchema = z.looseObject({
  team_id: z.string(),
  role: z.string().nullish(),
  team: z.looseObject({ id: z.string(), name: z.string().nullish(), icon: z.string().nullish() }).nullish(),
});
export type ComponentTeam = z.infer<typeof componentTeamSchema>;

export function componentTeamsEndpoint(componentId: string): Endpoint<ComponentTeam[]> {
  const q = pgrst('team_components')
    .eq('component_id', componentId)
    .select('team_id,role,team:teams(id,name,icon)');
  return { path: q.toPath(), schema: z.array(componentTeamSchema) };
}

/** A member row of one team with the person embedded (name and avatar for everyone; email only for admins). */
export const teamMemberSchema = z.looseObject({
  team_id: z.string(),
  person_id: z.string(),
  person: z
    .looseObject({
      id: z.string(),
      name: z.string().nullish(),
      email: z.string().nullish(),
      avatar: z.string().nullish(),
    })
    .nullish(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export function teamMembersEndpoint(teamId: string): Endpoint<TeamMember[]> {
  const q = pgrst('team_members')
    .eq('team_id', teamId)
    .select('team_id,person_id,person:people(id,name,email,avatar)');
  return { path: q.toPath(), schema: z.array(teamMemberSchema) };
}

/** Adds people to one team in one bulk insert (PostgREST array body). */
export function addTeamMembersEndpoint(teamId: string, personIds: readonly string[]): Endpoint<unknown> {
  return {
    method: 'POST',
    path: pgrst('team_members').toPath(),
    body: personIds.map((personId) => ({ team_id: teamId, person_id: personId })),
    schema: z.unknown(),
  };
}

/** Removes one person from this team only: the earlier console left out team_id and emptied every team of them. */
export function removeTeamMemberEndpoint(teamId: string, personId: string): Endpoint<unknown> {
  const q = pgrst('team_members').eq('team_id', teamId).eq('person_id', personId);
  return { method: 'DELETE', path: q.toPath(), schema: z.unknown() };
}

export const teamRefSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  source: z.string().nullish(),
});
export type TeamRef = z.infer<typeof teamRefSchema>;

/** Live teams whose name contains the text (the palette's Things), by name, at most `limit`. */
export function teamsByNameEndpoint(text: string, limit = 10): Endpoint<TeamRef[]> {
  const q = pgrst('teams').select('id,name,source').is('deleted_at', null);
  // PostgREST's own syntax characters are dropped from the pattern, never interpreted.
  const cleaned = text.replace(/[*,()"\\]/g, ' ').trim();
  if (cleaned) q.ilike('name', `*${cleaned}*`);
  q.order('name', 'asc').limit(limit);
  return { path: q.toPath(), schema: z.array(teamRefSchema) };
}
