import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { resolveClerkSession } from '@/lib/auth/clerk/session';
import { PROVISIONING_MESSAGE, type ClerkAuthState } from '@/lib/auth/clerk/organization-backend';
import { firstParam, type SearchParams } from '@/lib/auth/kratos/page';
import { loginUrl, safeReturnTo } from '@/lib/auth/return-to';
import { authMode } from '@/lib/auth/server';

export const metadata = { title: 'Organization' };

/**
 * What middleware shows instead of a page while the organization's backend is not usable: provisioning (no
 * address yet, or whoami 5xx/404) or the error of any other whoami failure.
 */
export default async function OrganizationStatusPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  if (authMode() !== 'clerk') notFound();
  const returnTo = safeReturnTo(firstParam((await searchParams).return_to));
  const { auth } = await import('@clerk/nextjs/server');
  const result = await resolveClerkSession((await auth()) as unknown as ClerkAuthState, undefined);
  if (result.kind === 'signed-out') redirect(loginUrl(returnTo));
  if (result.kind === 'no-organization') redirect(`/organizations?return_to=${encodeURIComponent(returnTo)}`);
  if (result.kind === 'session') redirect(returnTo);
  if (result.kind === 'provisioning') {
    return (
      <AuthCard title="Organization">
        <p role="status" className="text-sm">
          {PROVISIONING_MESSAGE}
        </p>
        <Link href={returnTo} className="text-sm text-primary underline underline-offset-2">
          Try again
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="An error occurred" error={result.message}>
      <Link href={returnTo} className="text-sm text-primary underline underline-offset-2">
        Try again
      </Link>
    </AuthCard>
  );
}
