import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { KratosFlowForm } from '@/components/auth/kratos-flow-form';
import { flowForPage, type SearchParams } from '@/lib/auth/kratos/page';
import { authMode } from '@/lib/auth/server';

export const metadata = { title: 'Verify your account' };

/** Kratos mode only: email verification; 410/403 reload this page, a 400 on create goes to / (spec 000 §4). */
export default async function VerificationPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  if (authMode() !== 'kratos') notFound();
  const { flow, error, notice, returnTo } = await flowForPage('verification', await searchParams);
  return (
    <AuthCard title="Verify your account" notice={notice} error={error}>
      {flow && <KratosFlowForm kind="verification" flow={flow} returnTo={returnTo} />}
      <Link href={returnTo} className="text-sm text-primary underline underline-offset-2">
        Go back
      </Link>
    </AuthCard>
  );
}
