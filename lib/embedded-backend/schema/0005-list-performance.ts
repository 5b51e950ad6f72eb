/**
 * Migration 0005: indexes on the foreign keys the summaries and detail pages filter by, and the `configs` counters
 * as costly-marked functions so a sorted catalog page computes them for its 50 rows instead of every item.
 */
export const migration0005ListPerformance = String.raw`
CREATE INDEX notification_send_history_notification_idx ON notification_send_history (notification_id, created_at DESC);
CREATE INDEX responders_incident_idx ON responders (incident_id);
CREATE INDEX comments_incident_idx ON comments (incident_id);
CREATE INDEX hypotheses_incident_idx ON hypotheses (incident_id);
CREATE INDEX evidences_hypothesis_idx ON evidences (hypothesis_id);
CREATE INDEX incident_histories_incident_idx ON incident_histories (incident_id, created_at DESC);
CREATE INDEX playbook_runs_playbook_idx ON playbook_runs (playbook_id, created_at DESC);
CREATE INDEX playbook_runs_parent_idx ON playbook_runs (parent_id);
CREATE INDEX check_component_relationships_check_idx ON check_component_relationships (check_id);
CREATE INDEX check_config_relationships_check_idx ON check_config_relationships (check_id);
CREATE INDEX config_component_relationships_config_idx ON config_component_relationships (config_id);
CREATE INDEX config_relationships_related_idx ON config_relationships (related_id);
CREATE INDEX checks_canary_idx ON checks (canary_id);
CREATE INDEX components_topology_idx ON components (topology_id);

CREATE FUNCTION config_changes_7d(config_id uuid) RETURNS integer LANGUAGE sql STABLE COST 500 AS $$
  SELECT count(*)::int FROM config_changes cc WHERE cc.config_id = $1 AND cc.created_at > now() - interval '7 days'
$$;

CREATE FUNCTION config_open_analysis(config_id uuid) RETURNS jsonb LANGUAGE sql STABLE COST 500 AS $$
  SELECT jsonb_object_agg(x.analysis_type, x.n) FROM (
    SELECT ca.analysis_type, count(*)::int AS n FROM config_analysis ca
    WHERE ca.config_id = $1 AND ca.status = 'open' GROUP BY ca.analysis_type) x
$$;

CREATE OR REPLACE VIEW configs AS
SELECT ci.id, ci.scraper_id, ci.config_class, ci.external_id, ci.type, ci.name, ci.tags ->> 'namespace' AS namespace,
  ci.description, ci.source, ci.labels, ci.tags, ci.properties, ci.created_by, ci.created_at, ci.updated_at,
  ci.deleted_at, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d, ci.agent_id, ci.status,
  ci.health, ci.ready, ci.path, ci.parent_id, ci.delete_reason, ci.icon,
  config_changes_7d(ci.id) AS changes,
  config_open_analysis(ci.id) AS analysis
FROM config_items ci;
`;
