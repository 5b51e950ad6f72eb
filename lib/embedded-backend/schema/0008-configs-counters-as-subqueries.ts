/**
 * Migration 0008: the `configs` counters (changes in the last 7 days, open analyses by type) as correlated subqueries
 * instead of SQL function calls: the planner still evaluates them only for the rows a page returns, but a subquery
 * is rescanned inside one executor while each function call starts and ends an executor, about twice the cost per row.
 * The functions of migration 0005 stay for anything that calls them.
 */
export const migration0008ConfigsCountersAsSubqueries = String.raw`
CREATE OR REPLACE VIEW configs AS
SELECT ci.id, ci.scraper_id, ci.config_class, ci.external_id, ci.type, ci.name, ci.tags ->> 'namespace' AS namespace,
  ci.description, ci.source, ci.labels, ci.tags, ci.properties, ci.created_by, ci.created_at, ci.updated_at,
  ci.deleted_at, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d, ci.agent_id, ci.status,
  ci.health, ci.ready, ci.path, ci.parent_id, ci.delete_reason, ci.icon,
  (SELECT count(*)::int FROM config_changes cc WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days') AS changes,
  (SELECT jsonb_object_agg(x.analysis_type, x.n) FROM (
    SELECT ca.analysis_type, count(*)::int AS n FROM config_analysis ca
    WHERE ca.config_id = ci.id AND ca.status = 'open' GROUP BY ca.analysis_type) x) AS analysis
FROM config_items ci;
`;
