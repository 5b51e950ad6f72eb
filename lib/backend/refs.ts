import { z } from 'zod';

/**
 * References to related rows that several endpoints embed (PostgREST `alias:relation(columns)`): each one's columns
 * and the schema that reads them, defined once so that a select and its schema cannot drift apart.
 */

/** A person: the columns every role may read (docs/security.md). */
export const PERSON_REF = 'id,name,avatar';
export const personRefSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  avatar: z.string().nullish(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

export const TEAM_REF = 'id,name,icon';
export const teamRefSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  icon: z.string().nullish(),
});
export type TeamRef = z.infer<typeof teamRefSchema>;

/** A config item: name, type and class (the type icon and a link to /catalog/{id}). */
export const CONFIG_REF = 'id,name,type,config_class';
export const configRefSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  config_class: z.string().nullish(),
});
export type ConfigRef = z.infer<typeof configRefSchema>;

/** A PostgREST embed: `alias:relation(columns)`, or `relation(columns)` without an alias. */
export function embed(relation: string, columns: string, alias?: string): string {
  return `${alias ? `${alias}:` : ''}${relation}(${columns})`;
}
