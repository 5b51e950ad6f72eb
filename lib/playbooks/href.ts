/**
 * Links into the playbooks screens, apart from search.ts: its time-range contract would add ~5 kB to every screen
 * that links to runs (the jobs table, a run's page). search.ts re-exports playbookRunsHref; a unit test keeps both
 * writers equal.
 */

/** The runs list of one playbook. */
export const playbookRunsHref = (playbookId: string) =>
  `/playbooks/runs?${new URLSearchParams({ playbook: playbookId })}`;

/** A playbook run's page. */
export const playbookRunHref = (runId: string) => `/playbooks/runs/${encodeURIComponent(runId)}`;

/** A playbook's page (spec 001 §2.2: a job of type playbook links here). */
export const playbookHref = (playbookId: string) => `/playbooks/${encodeURIComponent(playbookId)}`;
