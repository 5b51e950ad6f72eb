/** The playbooks feature's public surface: what other features may import (playbook runs are one resource, here). */
/** Links to this feature's screens (light: no URL contract loads with them). */
export { playbookHref, playbookRunHref, playbookRunsHref } from './href';
export type { PlaybookRun } from './endpoints';
export { playbookQueries, playbookRunKeys, playbookRunsOf } from './queries';

/** The runs list's URL contract, loaded on use (a saved view's check): it stays out of the pages that only link here. */
export const playbookRunsUrlContract = () => import('./search').then((m) => m.playbookRunsSearch);
export const playbooksUrlContract = () => import('./playbooks-search').then((m) => m.playbooksSearch);
