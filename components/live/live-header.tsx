'use client';

import { NewRowsNotice } from '@/components/list/new-rows-notice';
import { LiveIndicator } from '@/components/live/live-indicator';

const main = () => document.getElementById('main');

/**
 * What the header's live slot loads after the page: the indicator with its switch, and the "N new" of the lists in
 * the page's main area (rows the stream or polling brings in above what the person is reading).
 */
export function LiveHeader() {
  return (
    <>
      <LiveIndicator />
      <NewRowsNotice root={main} />
    </>
  );
}
