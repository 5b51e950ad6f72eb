import { sortFn_alphanumeric, sortFn_basic, sortFn_datetime, sortFn_text } from '@tanstack/react-table';

/** The sort functions of the lists the browser sorts itself (local and grouped): a column names one as `sortFn`. */
export const clientSortFns = {
  alphanumeric: sortFn_alphanumeric,
  basic: sortFn_basic,
  datetime: sortFn_datetime,
  text: sortFn_text,
};
