/**
 * Migration 0070: `rpc/get_playbook_run_actions` lists an action's artifacts without their stored bytes.
 * The bytes belong to `GET /artifacts/download/{id}` (artifact:read); the rpc's `artifacts` column is masked for
 * callers who may not read `artifact` (postgrest/exposure.ts), as the `/db` embed of `artifacts` is refused to them.
 * No artifacts reads as null (json_agg of no rows), and soft-deleted ones are left out: their download is a 404.
 */
export const migration0070RunActionArtifacts = String.raw`
DROP FUNCTION IF EXISTS get_playbook_run_actions(uuid);
CREATE FUNCTION get_playbook_run_actions(run_id uuid) RETURNS TABLE (
  id uuid, name text, playbook_run_id uuid, status text, scheduled_time timestamptz, start_time timestamptz,
  end_time timestamptz, result jsonb, agent_id uuid, retry_count integer, agent json, artifacts json
) LANGUAGE sql STABLE AS $$
  SELECT a.id, a.name, a.playbook_run_id, a.status, a.scheduled_time, a.start_time, a.end_time, a.result, a.agent_id,
    a.retry_count,
    CASE WHEN ag.id IS NULL THEN NULL ELSE json_build_object('id', ag.id, 'name', ag.name) END,
    (SELECT json_agg((to_jsonb(x) - 'content')::json ORDER BY x.created_at, x.filename)
       FROM artifacts x WHERE x.playbook_run_action_id = a.id AND x.deleted_at IS NULL)
  FROM playbook_run_actions a
  LEFT JOIN agents ag ON ag.id = a.agent_id
  WHERE a.playbook_run_id = $1 OR a.playbook_run_id IN (SELECT r.id FROM playbook_runs r WHERE r.parent_id = $1)
  ORDER BY a.start_time NULLS LAST, a.scheduled_time
$$;
`;
