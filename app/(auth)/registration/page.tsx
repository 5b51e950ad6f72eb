import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { KratosFlowForm } from '@/components/auth/kratos-flow-form';
import { flowForPage, type SearchParams } from '@/lib/auth/kratos/page';
import { authMode } from '@/lib/auth/server';

export const metadata = { title: 'Create account' };

/** Kratos mode only: self-service registration rendered from the flow's nodes. */
export default async function RegistrationPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  if (authMode() !== 'kratos') notFound();
  const params = await searchParams;
  const { flow, error, notice, returnTo } = await flowForPage('registration', params);
  return (
    <AuthCard title="Create account" notice={notice} error={error}>
      {flow && <KratosFlowForm kind="registration" flow={flow} returnTo={returnTo} />}
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link href={returnTo === '/' ? '/login' : `/login?return_to=${encodeURIComponent(returnTo)}`} className="text-primary underline underline-offset-2">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
