/** The health feature's public surface: what other features may import (app/ and the feature itself use its modules). */
export { checkHref, healthSearch } from './search';
export { timeRangeStartIso } from './time-range';
export { checkQueries } from './check-queries';
