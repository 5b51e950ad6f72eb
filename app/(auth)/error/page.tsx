import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { ExpiringMessage } from '@/components/auth/expiring-message';
import { MemoryCookieJar } from '@/lib/auth/kratos/cookies';
import { loadFlowError } from '@/lib/auth/kratos/flows';
import { firstParam, type SearchParams } from '@/lib/auth/kratos/page';
import { kratos } from '@/lib/auth/kratos/server';
import { authMode } from '@/lib/auth/server';

export const metadata = { title: 'Error' };

const BAD_SESSION =
  'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.';

const goBack = (
  <Link href="/" className="text-sm text-primary underline underline-offset-2">
    Go back
  </Link>
);

/**
 * Two pages of spec 000 §2 in one route: the flow-error page (?id=, Kratos: the raw error; 404/403/410 go to /)
 * and the auth error page (?error_code=: BAD_SESSION has its own text, any other code 'Unknown error').
 */
export default async function AuthErrorPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const id = firstParam(params.id);
  if (id && authMode() === 'kratos') {
    const outcome = await loadFlowError(kratos(), id, new MemoryCookieJar());
    if (outcome.kind === 'redirect') redirect(outcome.to);
    const raw =
      outcome.kind === 'error-detail'
        ? (outcome.error.error ?? outcome.error)
        : { status: outcome.status, message: outcome.message };
    return (
      <AuthCard title="An error occurred">
        <pre className="max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 font-mono text-xs">
          {JSON.stringify(raw, null, 2)}
        </pre>
        {goBack}
      </AuthCard>
    );
  }
  const code = firstParam(params.error_code);
  return (
    <AuthCard title="An error occurred">
      <ExpiringMessage tone="error" messageKey={code ?? ''}>
        {code === 'BAD_SESSION' ? BAD_SESSION : 'Unknown error'}
      </ExpiringMessage>
      {goBack}
    </AuthCard>
  );
}
