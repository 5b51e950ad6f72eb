'use client';

import dynamic from 'next/dynamic';

/**
 * The entry points server pages use for Clerk: each loads `clerk-widgets.tsx` on first render, so the ~40 kB of
 * Clerk's client code is fetched only where a Clerk widget is rendered, i.e. only in Clerk mode.
 */
const load = () => import('./clerk-widgets');

export const LazyClerkProvider = dynamic(() => load().then((m) => m.ConsoleClerkProvider));
export const LazyClerkSignIn = dynamic(() => load().then((m) => m.ClerkSignIn));
export const LazyClerkUserProfile = dynamic(() => load().then((m) => m.ClerkUserProfile));
export const LazyClerkOrganizationList = dynamic(() => load().then((m) => m.ClerkOrganizationList));
export const LazyClerkOrganizationSwitcher = dynamic(() => load().then((m) => m.ClerkOrganizationSwitcher));
export const LazyClerkSignOutForm = dynamic(() => load().then((m) => m.ClerkSignOutForm));
