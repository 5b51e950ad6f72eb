import type { ResourceName } from '@/lib/backend/endpoints/resource-names';
import type { ComponentInsight } from '@/lib/catalog';

export type NamedInsight = ComponentInsight & { config_name: string | null; config_type: string | null };

/** A component's insights with their configs' names and types beside them (null when the config has none). */
export function withConfigNames(
  insights: readonly ComponentInsight[],
  names: readonly ResourceName[],
): NamedInsight[] {
  const byId = new Map(names.map((n) => [n.id, n]));
  return insights.map((a) => {
    const config = a.config_id ? byId.get(a.config_id) : undefined;
    return { ...a, config_name: config?.name ?? null, config_type: config?.type ?? null };
  });
}
