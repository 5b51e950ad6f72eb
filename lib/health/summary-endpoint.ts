import type { Endpoint } from '@/lib/backend/endpoint';
import type { HealthBoardMeta, HealthBoardRequest } from '@/lib/health/board';
import type { CheckSummary } from '@/lib/health/endpoints';
import { BackendError } from '@/lib/backend/errors';
import { toHealthCheck, type HealthCheck } from '@/lib/health/types';

/**
 * The health summary (GET /canary/api/summary, path configurable: spec 001 §7) as the list's checks. Checked by
 * hand rather than with a zod schema: at 5,000 checks the schema costs tens of milliseconds per answer, and the
 * list reads only these fields. Zod-free, so the list's query can import it statically.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The checks of a summary answer; an item without a string id and name is dropped, a wrong shape is an error. */
export function checksFromSummary(summary: unknown): HealthCheck[] {
  if (!isRecord(summary))
    throw new BackendError({
      status: 502,
      code: 'invalid_response',
      message: 'The health summary has an unexpected shape',
    });
  const items = summary.checks_summary;
  if (items === undefined || items === null) return [];
  if (!Array.isArray(items))
    throw new BackendError({
      status: 502,
      code: 'invalid_response',
      message: 'The health summary has an unexpected shape',
    });
  const checks: HealthCheck[] = [];
  for (const item of items) {
    if (!isRecord(item) || typeof item.id !== 'string' || typeof item.name !== 'string') continue;
    const labels = isRecord(item.labels)
      ? Object.fromEntries(
          Object.entries(item.labels).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : null;
    const uptime = isRecord(item.uptime) ? item.uptime : null;
    const latency = isRecord(item.latency) ? item.latency : null;
    checks.push(toHealthCheck({ ...item, labels, uptime, latency } as CheckSummary));
  }
  return checks;
}

/** The summary at `path` as the list's checks; a wrong shape is a 502 'invalid_response' like any schema failure. */
export function healthChecksEndpoint(path: string): Endpoint<HealthCheck[]> {
  return {
    path,
    schema: {
      safeParse(value) {
        try {
          return { success: true, data: checksFromSummary(value) };
        } catch (error) {
          return {
            success: false,
            error: {
              issues: [{ message: error instanceof Error ? error.message : 'invalid shape', path: [] }],
            },
          };
        }
      },
    },
  };
}

/**
 * A board request's answer (lib/health/board.ts): the page's checks and the board's counts, or every check and no
 * `board` when the backend does not page the board.
 */
export function healthBoardEndpoint(
  summaryPath: string,
  request: HealthBoardRequest,
): Endpoint<{ checks: HealthCheck[]; board: HealthBoardMeta | undefined }> {
  const path = boardPath(summaryPath, request);
  const checks = healthChecksEndpoint(path);
  return {
    path,
    schema: {
      safeParse(value) {
        const parsed = checks.schema.safeParse(value);
        return parsed.success
          ? { success: true, data: { checks: parsed.data, board: boardMetaOf(value) } }
          : parsed;
      },
    },
  };
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The `board` object of a summary answer, or undefined when the backend does not page the board. */
export function boardMetaOf(summary: unknown): HealthBoardMeta | undefined {
  if (!isRecord(summary) || !isRecord(summary.board)) return undefined;
  const meta = summary.board;
  if (
    !isCount(meta.page) ||
    !isCount(meta.pages) ||
    !isCount(meta.checks) ||
    !isCount(meta.groups) ||
    !isCount(meta.failing) ||
    !isCount(meta.failingShown) ||
    !Array.isArray(meta.tabs) ||
    !Array.isArray(meta.labels) ||
    !Array.isArray(meta.failingNames) ||
    !Array.isArray(meta.pageGroups)
  )
    return undefined;
  return meta as unknown as HealthBoardMeta;
}

/** The summary path with the board's request. */
export function boardPath(summaryPath: string, request: HealthBoardRequest): string {
  const separator = summaryPath.includes('?') ? '&' : '?';
  return `${summaryPath}${separator}board=${encodeURIComponent(JSON.stringify(request))}`;
}
