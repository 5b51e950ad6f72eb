'use client';

import dynamic from 'next/dynamic';

/**
 * The item header's action bar, loaded after the first paint: its buttons depend on the person's rights and open
 * dialogs that load on click, so the item's tabs do not carry their code in the first load (the 180 kB budget).
 */
export const ConfigActionBar = dynamic(() => import('@/components/catalog/config-actions').then((m) => m.ConfigActions), {
  ssr: false,
});
