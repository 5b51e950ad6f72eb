import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { LazyClerkWidget } from '@/components/auth/clerk-lazy';
import { SignOutForm } from '@/components/auth/sign-out-form';
import { firstParam, type SearchParams } from '@/lib/auth/kratos/page';
import { loginUrl, safeReturnTo } from '@/lib/auth/return-to';
import { authMode, getSession } from '@/lib/auth/server';

export const metadata = { title: 'Sign out' };

export default async function LogoutPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const returnTo = safeReturnTo(firstParam((await searchParams).return_to));
  const mode = authMode();
  if (mode === 'none') redirect('/health');
  // Browsers mark navigations from our own pages same-origin; anything else must confirm with the button.
  const autoSubmit = (await headers()).get('sec-fetch-site') === 'same-origin';
  if (mode === 'clerk') {
    const { auth } = await import('@clerk/nextjs/server');
    if (!(await auth()).userId) redirect(loginUrl(returnTo));
    return (
      <AuthCard title="Sign out">
        <LazyClerkWidget widget="sign-out" returnTo={returnTo} autoSubmit={autoSubmit} />
      </AuthCard>
    );
  }
  // Kratos may hold a session the console lost: its sign-out must run even then.
  if (mode === 'basic' && !(await getSession())) redirect(loginUrl(returnTo));
  return (
    <AuthCard title="Sign out">
      <SignOutForm returnTo={returnTo} autoSubmit={autoSubmit} />
    </AuthCard>
  );
}
