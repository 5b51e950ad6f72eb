/**
 * Migration 0004: check_summary computes uptime and latency per check through two costly-marked functions, so a
 * paged, sorted or id-filtered read evaluates them only for the returned rows (the 0003 join re-aggregated the
 * whole last hour per row). check_status_summary stays set-based: it is the faster source for reading every check.
 */
export const migration0004CheckSummaryFunctions = String.raw`
CREATE FUNCTION check_uptime(check_id uuid) RETURNS json LANGUAGE sql STABLE COST 1000 AS $$
  SELECT CASE WHEN count(*) > 0 THEN
      json_build_object('passed', count(*) FILTER (WHERE s.status), 'failed', count(*) FILTER (WHERE NOT s.status),
        'last_pass', max(s.time) FILTER (WHERE s.status), 'last_fail', max(s.time) FILTER (WHERE NOT s.status))
    ELSE (
      SELECT json_build_object('passed', CASE WHEN l.status THEN 1 ELSE 0 END, 'failed', CASE WHEN l.status THEN 0 ELSE 1 END,
        'last_pass', CASE WHEN l.status THEN l.time END, 'last_fail', CASE WHEN NOT l.status THEN l.time END)
      FROM check_statuses l WHERE l.check_id = $1 ORDER BY l.time DESC LIMIT 1)
    END
  FROM check_statuses s WHERE s.check_id = $1 AND s.time > now() - interval '1 hour'
$$;

CREATE FUNCTION check_latency(check_id uuid) RETURNS json LANGUAGE sql STABLE COST 1000 AS $$
  SELECT CASE WHEN count(*) > 0 THEN
      json_build_object('p99', percentile_disc(0.99) WITHIN GROUP (ORDER BY s.duration),
        'p95', percentile_disc(0.95) WITHIN GROUP (ORDER BY s.duration),
        'p50', percentile_disc(0.50) WITHIN GROUP (ORDER BY s.duration), 'avg', round(avg(s.duration)::numeric, 2))
    ELSE (
      SELECT json_build_object('p99', l.duration, 'p95', l.duration, 'p50', l.duration, 'avg', l.duration)
      FROM check_statuses l WHERE l.check_id = $1 ORDER BY l.time DESC LIMIT 1)
    END
  FROM check_statuses s WHERE s.check_id = $1 AND s.time > now() - interval '1 hour'
$$;

CREATE OR REPLACE VIEW check_summary AS
SELECT checks.id, checks.canary_id, checks.agent_id, check_uptime(checks.id) AS uptime,
  check_latency(checks.id) AS latency, checks.last_transition_time, checks.type,
  checks.icon, checks.name, checks.status, checks.description, checks.namespace, canaries.namespace AS canary_namespace,
  canaries.name AS canary_name, coalesce(canaries.labels, '{}'::jsonb) || coalesce(checks.labels, '{}'::jsonb) AS labels,
  checks.severity, checks.owner, checks.last_runtime, checks.next_runtime, checks.created_at, checks.updated_at,
  checks.deleted_at, checks.silenced_at
FROM checks
JOIN canaries ON canaries.id = checks.canary_id;
`;
