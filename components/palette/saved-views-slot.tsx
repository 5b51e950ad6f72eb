'use client';

import dynamic from 'next/dynamic';
import { useAfterLoad } from '@/components/widgets/use-after-load';

const SavedViewsNav = dynamic(() => import('./saved-views-nav').then((m) => m.SavedViewsNav), { ssr: false });

/** The sidebar's Saved group: its code loads after the page's load event, never in the first load. */
export function SavedViewsSlot() {
  return useAfterLoad() ? <SavedViewsNav /> : null;
}
