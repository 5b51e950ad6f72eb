/** The playbooks feature's public surface: what other features may import. */

/** The endpoint module loads with the query that needs it (its zod schemas stay out of the page's first load). */
export const playbookEndpoints = () => import('./endpoints');
