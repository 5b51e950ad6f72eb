import type { CONFIG_TABS } from './item-tabs';

/** Links into the catalog screens, apart from the URL contracts so that a link does not load every catalog contract. */

/** A config item's tab: its route segment ('' is the Config tab, the item's own page). */
export type CatalogItemTab = (typeof CONFIG_TABS)[number]['segment'];

/** A config item's page, or one of its tabs (/catalog/{id}/changes, …/insights, …). */
export function catalogItemHref(id: string, tab: CatalogItemTab = ''): string {
  const page = `/catalog/${encodeURIComponent(id)}`;
  return tab ? `${page}/${tab}` : page;
}

/** The insights of one component and type (the topology card's summary). */
export const componentInsightsHref = (componentId: string, type: string) =>
  `/catalog/insights?component=${encodeURIComponent(componentId)}&type=${encodeURIComponent(type)}`;
