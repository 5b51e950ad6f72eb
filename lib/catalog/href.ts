/** A config item's page. Apart from the URL contracts, so that links to items do not load every catalog contract. */
export const catalogItemHref = (id: string) => `/catalog/${encodeURIComponent(id)}`;

/** The insights of one component and type (the topology card's summary). */
export const componentInsightsHref = (componentId: string, type: string) =>
  `/catalog/insights?component=${componentId}&type=${encodeURIComponent(type)}`;
