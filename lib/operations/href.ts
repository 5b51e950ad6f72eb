/** Links into the operations screens (integrations, jobs, …), kept in one dependency-free module. */

/** The detail page of an integration (its kind is the route's case-sensitive type). */
export function integrationHref(kind: string, id: string): string {
  return `/settings/integrations/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
}
