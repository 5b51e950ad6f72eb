import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';

/** Checks, components and config items named by id: a link that holds only an id (a run's parameter, a silence's target). */

export type NamedResourceKind = 'checks' | 'components' | 'configs';

/**
 * Checks and components from their tables, not the `*_names` views: those leave out deleted (and silenced or
 * hidden) rows, which a past run may still name. Configs from `config_names` (spec 000 §7), which keeps deleted
 * items and is only the id, type and name (issue 37).
 */
const RESOURCE_TABLE: Record<NamedResourceKind, string> = {
  checks: 'checks',
  components: 'components',
  configs: 'config_names',
};

export const resourceNameSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
});
export type ResourceName = z.infer<typeof resourceNameSchema>;

/** Name and type of the given resources of one kind, in one call (readable by every role: backend-contract §1.2). */
export function resourceNamesEndpoint(
  kind: NamedResourceKind,
  ids: readonly string[],
): Endpoint<ResourceName[]> {
  const q = pgrst(RESOURCE_TABLE[kind]).select('id,name,type').in('id', ids);
  return { path: q.toPath(), schema: z.array(resourceNameSchema) };
}
