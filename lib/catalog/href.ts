/** A config item's page. Apart from the URL contracts, so that links to items do not load every catalog contract. */
export const catalogItemHref = (id: string) => `/catalog/${encodeURIComponent(id)}`;
