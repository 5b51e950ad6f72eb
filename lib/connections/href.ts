/** A connection's edit dialog on /settings/connections (its `id` parameter), apart from the URL contract (search.ts). */
export const connectionHref = (id: string) => `/settings/connections?id=${encodeURIComponent(id)}`;
