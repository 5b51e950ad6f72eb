/** The notifications feature's public surface: what other features may import. */
export { silenceAddHref } from './search';
