/**
 * The runs list of one playbook, apart from search.ts: its time-range contract would add ~5 kB to every screen
 * that links to runs (the jobs table, a run's page). search.ts re-exports it; a unit test keeps both writers equal.
 */
export const playbookRunsHref = (playbookId: string) =>
  `/playbooks/runs?${new URLSearchParams({ playbook: playbookId })}`;
