import { clerkFrontendApiHost } from '@/lib/auth/clerk/csp';

/**
 * The organization page of the instance's Account Portal, derived from the publishable key as Clerk's own
 * buildAccountsBaseUrl does (clerk.example.com → accounts.example.com, x.clerk.accounts.dev → x.accounts.dev).
 */
export function clerkOrganizationSettingsUrl(publishableKey: string | undefined): string | undefined {
  const host = clerkFrontendApiHost(publishableKey);
  if (!host) return undefined;
  const accounts = host
    .replace(/clerk\.accountsstage\./, 'accountsstage.')
    .replace(/clerk\.accounts\.|clerk\./, 'accounts.');
  return `https://${accounts}/organization`;
}
