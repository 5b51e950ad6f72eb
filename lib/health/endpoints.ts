import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { encodeQueryValue } from '@/lib/backend/postgrest-query';

/** canary-checker calls (backend-contract §2.1, §2.3; the topology tree is in endpoints/topology.ts); the browser reaches them under /api/canary. */

export const DEFAULT_HEALTH_SUMMARY_PATH = '/canary/api/summary';

const latencySchema = z.looseObject({
  p99: z.number().nullish(),
  p97: z.number().nullish(),
  p95: z.number().nullish(),
  rolling1h: z.number().nullish(),
});

const uptimeSchema = z.looseObject({
  passed: z.number(),
  failed: z.number(),
  p100: z.number().nullish(),
  last_pass: z.string().nullish(),
  last_fail: z.string().nullish(),
});

export const checkSummarySchema = z.looseObject({
  id: z.string(),
  canary_id: z.string().nullish(),
  canary_name: z.string().nullish(),
  canary_namespace: z.string().nullish(),
  agent_id: z.string().nullish(),
  name: z.string(),
  namespace: z.string().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  description: z.string().nullish(),
  icon: z.string().nullish(),
  owner: z.string().nullish(),
  severity: z.string().nullish(),
  labels: z.record(z.string(), z.string()).nullish(),
  latency: latencySchema.nullish(),
  uptime: uptimeSchema.nullish(),
  last_runtime: z.string().nullish(),
  last_transition_time: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  deleted_at: z.string().nullish(),
  silenced_at: z.string().nullish(),
});
export type CheckSummary = z.infer<typeof checkSummarySchema>;

export const healthSummarySchema = z.looseObject({
  duration: z.number().nullish(),
  runnerName: z.string().nullish(),
  // Absent when there are no checks (omitempty upstream).
  checks_summary: z.array(checkSummarySchema).nullish(),
});
export type HealthSummary = z.infer<typeof healthSummarySchema>;

export function healthSummaryEndpoint(path: string = DEFAULT_HEALTH_SUMMARY_PATH): Endpoint<HealthSummary> {
  return { path, schema: healthSummarySchema };
}

/**
 * The summary unvalidated, for callers that check the fields they use themselves (the health list's
 * checksFromSummary, as in the browser): at thousands of checks the full schema costs tens of milliseconds.
 */
export function healthSummaryRawEndpoint(path: string = DEFAULT_HEALTH_SUMMARY_PATH): Endpoint<unknown> {
  return { path, schema: z.unknown() };
}

export const graphBucketSchema = z.looseObject({
  time: z.string(),
  // Omitted when false upstream.
  status: z.boolean().nullish(),
  duration: z.number().nullish(),
  passed: z.number().nullish(),
  failed: z.number().nullish(),
});

export const checkGraphSchema = z.looseObject({
  status: z.array(graphBucketSchema).nullish(),
  latency: latencySchema.nullish(),
  uptime: uptimeSchema.partial().nullish(),
});
export type CheckGraph = z.infer<typeof checkGraphSchema>;

/** `start` is a duration such as `1h`, `2d`, or an ISO date; the earlier console also sent count=300 (ignored). */
export function checkGraphEndpoint(params: {
  checkId: string;
  start: string;
  end?: string;
}): Endpoint<CheckGraph> {
  const query = [
    `check=${encodeQueryValue(params.checkId)}`,
    'count=300',
    `start=${encodeQueryValue(params.start)}`,
  ];
  if (params.end) query.push(`end=${encodeQueryValue(params.end)}`);
  return { path: `/canary/api/graph?${query.join('&')}`, schema: checkGraphSchema };
}

/**
 * The answer of a single check run (backend-contract §2.1); every field is optional, and an answer of another shape
 * still means the run happened, so it reads as null (shown without details) rather than as a failure.
 */
export const runCheckResultSchema = z
  .looseObject({
    pass: z.boolean().nullish(),
    invalid: z.boolean().nullish(),
    duration: z.number().nullish(),
    message: z.string().nullish(),
    error: z.string().nullish(),
    start: z.string().nullish(),
  })
  .nullish()
  .catch(null);
export type RunCheckResult = z.infer<typeof runCheckResultSchema>;

export function runCheckEndpoint(checkId: string): Endpoint<RunCheckResult> {
  return {
    method: 'POST',
    path: `/canary/run/check/${encodeURIComponent(checkId)}`,
    schema: runCheckResultSchema,
  };
}
