/**
 * Links into the access screens from other features, apart from their URL contracts (agents-search.ts,
 * permissions-search.ts) so that a link does not load a contract into another screen's first load.
 */

/** The agents list with one agent's details open. */
export const agentHref = (agentId: string) => `/settings/agents?id=${encodeURIComponent(agentId)}`;

/** The users list with one person's dialog open (users-search.ts: `id`). */
export const userHref = (personId: string) => `/settings/users?id=${encodeURIComponent(personId)}`;

/** The permissions list of one connection. */
export const connectionPermissionsHref = (connectionId: string) =>
  `/settings/permissions?connection_id=${encodeURIComponent(connectionId)}`;
