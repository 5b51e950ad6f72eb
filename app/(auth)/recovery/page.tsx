import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { KratosFlowForm } from '@/components/auth/kratos-flow-form';
import { flowForPage, type SearchParams } from '@/lib/auth/kratos/page';
import { authMode } from '@/lib/auth/server';
import { demoDataEnabled, isEmbeddedBackend } from '@/lib/env';

export const metadata = { title: 'Recover account' };

const goBack = (
  <Link href="/login" className="text-sm text-primary underline underline-offset-2">
    Go back
  </Link>
);

/** Kratos: the recovery flow. Basic: no self-service reset, the backend's administrators own the passwords. */
export default async function RecoveryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const mode = authMode();
  if (mode === 'kratos') {
    const { flow, error, notice, returnTo } = await flowForPage('recovery', await searchParams);
    return (
      <AuthCard title="Recover account" notice={notice} error={error}>
        {flow && <KratosFlowForm kind="recovery" flow={flow} returnTo={returnTo} />}
        {goBack}
      </AuthCard>
    );
  }
  if (mode !== 'basic') notFound();
  return (
    <AuthCard title="Recover account">
      <p className="text-sm">
        Passwords of this console are managed by its administrators. Ask an administrator to reset yours; they
        can also send you a new invitation from Settings → Users.
      </p>
      {isEmbeddedBackend() && demoDataEnabled() && (
        <p className="text-sm text-muted-foreground">
          On the embedded demo backend every demo account uses the password{' '}
          <code className="font-mono">demo</code>.
        </p>
      )}
      {goBack}
    </AuthCard>
  );
}
