/** Links into the topology screens, apart from search.ts so that a link does not load its contract. */

/** A component's page. */
export const componentHref = (componentId: string) => `/topology/${encodeURIComponent(componentId)}`;

/** A component's page with its checks section open (the topology card's check summary). */
export const componentChecksHref = (componentId: string) => `${componentHref(componentId)}?sections=checks`;

/** A component's page with its children filtered to one health status (the topology card's status summary). */
export const componentStatusHref = (componentId: string, status: string) =>
  `${componentHref(componentId)}?status=${encodeURIComponent(status)}`;
