import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, sortOrderParams } from '@/lib/search-params/table';

/** URL contracts of /settings/integrations, /settings/log-backends, /settings/feature-flags and /settings/event-queue-status. */

export const INTEGRATION_SORTS = [
  'name',
  'integration_type',
  'source',
  'job_status',
  'last_runtime',
  'created_at',
  'updated_at',
] as const;

export const integrationsSearch = defineSearchParams({
  ...sortOrderParams(INTEGRATION_SORTS, { by: null, order: 'desc' }),
  ...pageParams(),
});
export type IntegrationsSearch = ParamValues<typeof integrationsSearch.params>;

export const LOG_BACKEND_SORTS = ['name', 'source', 'created_at', 'updated_at'] as const;

/** The log backend being edited (`id`) and the sort the backend applies (none: newest first). */
export const logBackendsSearch = defineSearchParams({
  id: param.optionalString(),
  ...sortOrderParams(LOG_BACKEND_SORTS, { by: null, order: 'desc' }),
});

export const FEATURE_FLAG_SORTS = [
  'name',
  'description',
  'value',
  'source',
  'created_by',
  'created_at',
  'updated_at',
] as const;

/** The feature flag being edited (`name`) and the list's order (the screen sorts it: by name unless the URL says). */
export const featureFlagsSearch = defineSearchParams({
  name: param.optionalString(),
  ...sortOrderParams(FEATURE_FLAG_SORTS, { by: 'name', order: 'asc' }),
});

export const EVENT_QUEUE_SORTS = [
  'name',
  'pending',
  'failed',
  'average_attempts',
  'first_failure',
  'last_failure',
] as const;

/** The event whose details are open (`name`) and the sort the backend applies (none: latest failure first). */
export const eventQueueSearch = defineSearchParams({
  name: param.optionalString(),
  ...sortOrderParams(EVENT_QUEUE_SORTS, { by: null, order: 'desc' }),
});

/** The tab of an integration's detail page (Spec or Job History). */
export const integrationDetailSearch = defineSearchParams({
  tab: param.oneOf(['spec', 'jobs'] as const, 'spec'),
});
