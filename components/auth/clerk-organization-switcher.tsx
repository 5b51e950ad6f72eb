import { headers } from 'next/headers';
import { ClerkProvider, OrganizationSwitcher } from '@clerk/nextjs';
import { ORGS_SWITCHED_URL } from '@/lib/auth/clerk/constants';
import { authMode } from '@/lib/auth/server';

/**
 * The organization switcher for the console header in Clerk mode (renders nothing in other modes). Switching or
 * creating an organization lands on /organizations/orgs-switched, which drops the previous organization's data.
 */
export async function ClerkOrganizationSwitcher() {
  if (authMode() !== 'clerk') return null;
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <ClerkProvider nonce={nonce} signInUrl="/login" afterSignOutUrl="/login">
      <OrganizationSwitcher hidePersonal afterSelectOrganizationUrl={ORGS_SWITCHED_URL} afterCreateOrganizationUrl={ORGS_SWITCHED_URL} />
    </ClerkProvider>
  );
}
