import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { LazyClerkWidget } from '@/components/auth/clerk-lazy';
import { KratosFlowForm } from '@/components/auth/kratos-flow-form';
import { firstParam, flowForPage, type SearchParams } from '@/lib/auth/kratos/page';
import { safeReturnTo } from '@/lib/auth/return-to';
import { authMode } from '@/lib/auth/server';

export const metadata = { title: 'Create account' };

/** Self-service registration: the Kratos flow's nodes, or Clerk's hosted sign-up widget (spec 000 §1). */
export default async function RegistrationPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const mode = authMode();
  const params = await searchParams;
  if (mode === 'clerk') {
    const returnTo = safeReturnTo(firstParam(params.return_to));
    const { auth } = await import('@clerk/nextjs/server');
    if ((await auth()).userId) redirect(returnTo);
    return (
      <div className="flex justify-center">
        <LazyClerkWidget widget="sign-up" returnTo={returnTo} />
      </div>
    );
  }
  if (mode !== 'kratos') notFound();
  const { flow, error, notice, returnTo } = await flowForPage('registration', params);
  return (
    <AuthCard title="Create account" notice={notice} error={error}>
      {flow && <KratosFlowForm kind="registration" flow={flow} returnTo={returnTo} />}
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link
          href={returnTo === '/' ? '/login' : `/login?return_to=${encodeURIComponent(returnTo)}`}
          className="text-primary underline underline-offset-2"
        >
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
