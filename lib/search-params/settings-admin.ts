import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, sortOrderParams } from '@/lib/search-params/table';

/** URL contracts of /settings/integrations, /settings/log-backends, /settings/feature-flags and /settings/event-queue-status. */

export const INTEGRATION_SORTS = ['name', 'integration_type', 'source', 'job_status', 'last_runtime', 'created_at', 'updated_at'] as const;

export const integrationsSearch = defineSearchParams({
  ...sortOrderParams(INTEGRATION_SORTS, { by: null, order: 'desc' }),
  ...pageParams(),
});
export type IntegrationsSearch = ParamValues<typeof integrationsSearch.params>;

/** The log backend being edited (`id`). */
export const logBackendsSearch = defineSearchParams({ id: param.optionalString() });

/** The feature flag being edited (`name`). */
export const featureFlagsSearch = defineSearchParams({ name: param.optionalString() });

/** The event whose details are open (`name`). */
export const eventQueueSearch = defineSearchParams({ name: param.optionalString() });

/** The tab of an integration's detail page (Spec or Job History). */
export const integrationDetailSearch = defineSearchParams({ tab: param.oneOf(['spec', 'jobs'] as const, 'spec') });
