/** The playbooks feature's public surface: what other features may import (playbook runs are one resource, here). */
export type { PlaybookRun } from './endpoints';
export { playbookQueries, playbookRunKeys, playbookRunsOf } from './queries';
