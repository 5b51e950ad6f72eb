/** The three kinds of integration (integrations_with_status.integration_type; the detail route's case-sensitive type). */
export const INTEGRATION_KINDS = {
  scrapers: {
    label: 'Catalog Scraper',
    table: 'config_scrapers',
    jobTypes: ['config_scraper', 'catalog_scraper'],
  },
  topologies: { label: 'Topology', table: 'topologies', jobTypes: ['topology'] },
  logging_backends: { label: 'Log Backend', table: 'logging_backends', jobTypes: ['logging_backend'] },
} as const;

export type IntegrationKind = keyof typeof INTEGRATION_KINDS;

export function isIntegrationKind(value: string): value is IntegrationKind {
  return Object.prototype.hasOwnProperty.call(INTEGRATION_KINDS, value);
}

/** One line about a job's details: its first error, or how many it had. */
export function jobDetailsSummary(details: unknown): string {
  if (!details || typeof details !== 'object') return '';
  const errors = (details as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const first = typeof errors[0] === 'string' ? errors[0] : JSON.stringify(errors[0]);
    return errors.length > 1 ? `${first} (+${errors.length - 1} more)` : first;
  }
  return '';
}
