/** The status-page feature's public surface: what other features may import. */

/** The list's URL contract, loaded on use (a saved view's check): it stays out of the pages that only link here. */
export const statusPagesUrlContract = () => import('./search').then((m) => m.statusPagesSearch);
