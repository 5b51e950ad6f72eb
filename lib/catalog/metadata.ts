import 'server-only';
import type { Metadata } from 'next';
import { loadServerQuery } from '@/lib/queries/server';
import { catalogQueries } from '@/lib/catalog/queries';

/** The title of an item's tab: `{tab} - {name}` as the earlier console titled them (the read is shared with the layout). */
export async function configTabMetadata(
  params: Promise<{ id: string }>,
  tab: string | null,
): Promise<Metadata> {
  const { id } = await params;
  const item = await loadServerQuery(catalogQueries.item(id));
  const name = item.ok && item.data ? item.data.name : null;
  return { title: name ? (tab ? `${tab} - ${name}` : name) : 'Catalog' };
}
