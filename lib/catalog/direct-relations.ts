import { queryOptions } from '@tanstack/react-query';
import type { DirectRelation } from '@/lib/catalog/configs-endpoints';
import { catalogKeys } from '@/lib/catalog/keys';
import { endpointQuery } from '@/lib/queries/fetcher';

/** The Relationships table's Relation column: loaded with the table view, not with the tab. */

/** The item's own relationships (config_relationships), read when the table view shows. */
export const directRelationsQuery = (configId: string) =>
  queryOptions({
    ...endpointQuery([...catalogKeys.item(configId), 'direct-relations'] as const, async () =>
      (await import('@/lib/catalog/configs-endpoints')).directRelationsEndpoint(configId),
    ),
    select: (rows: DirectRelation[]) => relationsByItem(configId, rows),
  });

/**
 * The other end of each of the item's relationships → how it is related (`hard`, `Alias`, a soft relation's name),
 * several kinds sorted and joined; an unnamed relation reads 'related'.
 */
export function relationsByItem(configId: string, rows: readonly DirectRelation[]): Map<string, string> {
  const kinds = new Map<string, Set<string>>();
  for (const r of rows) {
    const other = r.config_id === configId ? r.related_id : r.config_id;
    if (other === configId) continue;
    let set = kinds.get(other);
    if (!set) kinds.set(other, (set = new Set()));
    set.add(r.relation || 'related');
  }
  return new Map([...kinds].map(([id, set]) => [id, [...set].sort().join(', ')]));
}
