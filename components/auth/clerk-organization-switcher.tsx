import { headers } from 'next/headers';
import { LazyClerkProvider, LazyClerkWidget } from '@/components/auth/clerk-lazy';
import { authMode } from '@/lib/auth/server';
import { getEnv } from '@/lib/env';

/** The organization switcher for the console header in Clerk mode (renders nothing in other modes). */
export async function ClerkOrganizationSwitcher() {
  if (authMode() !== 'clerk') return null;
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <LazyClerkProvider publishableKey={getEnv().NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY ?? ''} nonce={nonce}>
      <LazyClerkWidget widget="organization-switcher" />
    </LazyClerkProvider>
  );
}
