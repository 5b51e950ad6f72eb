'use client';

import dynamic from 'next/dynamic';

/**
 * The entry points server pages use for Clerk: they load `clerk-widgets.tsx` on first render, so the ~40 kB of
 * Clerk's client code is fetched only where a Clerk widget is rendered, i.e. only in Clerk mode. Two wrappers
 * rather than one per widget, because this module itself is part of every page's first load.
 */
export const LazyClerkProvider = dynamic(() => import('./clerk-widgets').then((m) => m.ConsoleClerkProvider));
export const LazyClerkWidget = dynamic(() => import('./clerk-widgets').then((m) => m.ClerkWidget));
