import { storeArtifactContent } from '../artifacts';
import type { Queryable } from '../db/types';

/** Advances playbook runs started through POST /playbook/run: scheduled → running → completed or failed. */

/** How long each simulated action takes before the next tick completes it. */
export const ACTION_DURATION_MS = 2000;

interface RunRow {
  id: string;
  playbook_id: string;
  status: string;
  spec: { actions?: Record<string, unknown>[] } | null;
  parameters: Record<string, string> | null;
  start_time: Date | null;
  scheduled_time: Date;
}

interface ActionRow {
  id: string;
  name: string;
  status: string;
  start_time: Date | null;
}

function actionKind(action: Record<string, unknown>): string {
  return (
    Object.keys(action).find(
      (k) => !['name', 'if', 'delay', 'timeout', 'runsOn', 'templatesOn', 'filter'].includes(k),
    ) ?? 'exec'
  );
}

/** A run fails when a parameter value is literally "fail", so demos and tests can reach the failed state at will. */
function shouldFail(run: RunRow): boolean {
  return Object.values(run.parameters ?? {}).some((v) => String(v).toLowerCase() === 'fail');
}

/**
 * The simulated output of an action. It names the parameters it was given but never echoes their values: output is
 * read by whoever may read runs (and kept as an artifact), and a value may be a password (issue 31 item 3).
 */
function resultFor(kind: string, name: string, run: RunRow, failed: boolean): Record<string, unknown> {
  const given =
    Object.keys(run.parameters ?? {})
      .sort()
      .join(', ') || 'none';
  switch (kind) {
    case 'exec':
      return failed
        ? { stdout: '', stderr: `${name}: command exited with code 1`, exitCode: 1 }
        : { stdout: `running ${name}\nparameters: ${given}\ndone`, stderr: '', exitCode: 0 };
    case 'http':
      return {
        code: failed ? 500 : 200,
        headers: { 'content-type': 'application/json' },
        content: failed ? '{"error":"upstream failed"}' : '{"ok":true}',
      };
    case 'pod':
      return {
        logs: failed ? `${name}: pod exited with code 1` : `running ${name}\nparameters: ${given}\ndone`,
      };
    case 'sql':
      return { columns: ['name', 'count'], rows: [{ name, count: 1 }], count: 1 };
    case 'ai':
      return { recommendation: `Review ${name}: nothing unusual found in the last hour.` };
    default:
      return { message: failed ? `${kind} action ${name} failed` : `${kind} action ${name} completed` };
  }
}

async function startAction(db: Queryable, run: RunRow, index: number, now: Date): Promise<void> {
  const action = run.spec?.actions?.[index] ?? { name: 'run', exec: {} };
  await db.query(
    `INSERT INTO playbook_run_actions (name, status, playbook_run_id, scheduled_time, start_time, agent_id)
     VALUES ($1, 'running', $2, $3, $3, '00000000-0000-0000-0000-000000000000')`,
    [String(action.name ?? `action-${index + 1}`), run.id, now.toISOString()],
  );
}

async function finishRun(
  db: Queryable,
  run: RunRow,
  status: 'completed' | 'failed',
  now: Date,
  error: string | null,
): Promise<void> {
  await db.query('UPDATE playbook_runs SET status = $2, end_time = $3, error = $4 WHERE id = $1', [
    run.id,
    status,
    now.toISOString(),
    error,
  ]);
  const started = run.start_time ?? run.scheduled_time;
  await db.query(
    `INSERT INTO job_history (name, resource_type, resource_id, status, success_count, error_count, duration_millis,
        hostname, time_start, time_end, created_at, details)
     VALUES ('PlaybookRunner', 'playbook', $1, $2, $3, $4, $5, 'embedded-backend', $6, $7, $7, $8)`,
    [
      run.playbook_id,
      status === 'completed' ? 'SUCCESS' : 'FAILED',
      status === 'completed' ? 1 : 0,
      status === 'completed' ? 0 : 1,
      Math.max(0, now.getTime() - new Date(started).getTime()),
      new Date(started).toISOString(),
      now.toISOString(),
      JSON.stringify(error ? { run_id: run.id, errors: [error] } : { run_id: run.id }),
    ],
  );
}

/** One step of every live console-started run; returns how many runs changed. */
export async function advancePlaybookRuns(db: Queryable, now: Date): Promise<number> {
  let changed = 0;
  // Password parameters are stored apart (migration 0312): the executor, and only it, reads their real values.
  const due = await db.query<RunRow>(
    `SELECT r.id, r.playbook_id, r.status, r.spec, CASE WHEN s.parameters IS NULL THEN r.parameters ELSE coalesce(r.parameters, '{}') || s.parameters END AS parameters,
            r.start_time, r.scheduled_time
       FROM playbook_runs r LEFT JOIN playbook_run_secrets s ON s.run_id = r.id
      WHERE r.request IS NOT NULL AND r.parent_id IS NULL
        AND (r.status = 'running' OR (r.status = 'scheduled' AND r.scheduled_time <= $1))
      ORDER BY r.scheduled_time LIMIT 200`,
    [now.toISOString()],
  );
  for (const run of due.rows) {
    if (run.status === 'scheduled') {
      await db.query(
        `UPDATE playbook_runs SET status = 'running', start_time = $2 WHERE id = $1 AND status = 'scheduled'`,
        [run.id, now.toISOString()],
      );
      await startAction(db, run, 0, now);
      changed++;
      continue;
    }
    const actions = await db.query<ActionRow>(
      'SELECT id, name, status, start_time FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY scheduled_time, start_time',
      [run.id],
    );
    const current = actions.rows[actions.rows.length - 1];
    if (!current) {
      await startAction(db, run, 0, now);
      changed++;
      continue;
    }
    if (current.status !== 'running') continue;
    if (current.start_time && now.getTime() - new Date(current.start_time).getTime() < ACTION_DURATION_MS)
      continue;
    const index = actions.rows.length - 1;
    const spec = run.spec?.actions?.[index] ?? {};
    const kind = actionKind(spec);
    const last = index >= (run.spec?.actions?.length ?? 1) - 1;
    const failed = last && shouldFail(run);
    const error = failed ? `action ${current.name} failed: a parameter asked for failure` : null;
    await db.query(
      `UPDATE playbook_run_actions SET status = $2, end_time = $3, result = $4, error = $5 WHERE id = $1`,
      [
        current.id,
        failed ? 'failed' : 'completed',
        now.toISOString(),
        JSON.stringify(resultFor(kind, current.name, run, failed)),
        error,
      ],
    );
    if (kind === 'exec' || kind === 'http' || kind === 'pod') {
      const contentType = kind === 'http' ? 'application/json' : 'text/plain';
      const result = resultFor(kind, current.name, run, failed);
      const text =
        kind === 'http'
          ? String(result.content)
          : kind === 'pod'
            ? String(result.logs)
            : `${String(result.stdout)}${String(result.stderr)}`;
      const stored = storeArtifactContent(text, contentType);
      await db.query(
        `INSERT INTO artifacts (playbook_run_action_id, path, filename, content_type, size, checksum, content)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          current.id,
          `playbooks/${run.id}/${current.name}`,
          kind === 'http' ? 'response.json' : kind === 'pod' ? 'pod.log' : 'stdout.log',
          contentType,
          stored.size,
          stored.checksum,
          stored.content,
        ],
      );
    }
    if (failed) await finishRun(db, run, 'failed', now, error);
    else if (last) await finishRun(db, run, 'completed', now, null);
    else await startAction(db, run, index + 1, now);
    changed++;
  }
  return changed;
}
