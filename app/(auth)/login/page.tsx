import Link from 'next/link';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { safeReturnTo } from '@/lib/auth/return-to';
import { authMode, getSession } from '@/lib/auth/server';
import { isEmbeddedBackend } from '@/lib/env';
import { ROLES } from '@/lib/auth/permissions';

export const metadata = { title: 'Sign in' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const returnTo = safeReturnTo(first(params.return_to));
  const mode = authMode();
  if (mode === 'none') redirect('/health');
  // Credentials in the query are never read here: the form takes them from the address bar and removes them.
  const session = await getSession();
  if (session && !first(params.refresh)) redirect(returnTo);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-xl">Sign In to your account</h1>
        </CardTitle>
        <CardDescription>Mission Control</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <LoginForm returnTo={returnTo} />
        <div className="text-center text-sm">
          <Link href="/recovery" className="text-primary underline underline-offset-2">
            Reset password
          </Link>
        </div>
        {isEmbeddedBackend() && (
          <section aria-labelledby="demo-accounts" className="rounded-md border bg-muted/50 p-3 text-sm">
            <h2 id="demo-accounts" className="mb-1 font-medium">
              Demo accounts
            </h2>
            <p className="text-muted-foreground">
              This console runs on its embedded demo backend. Sign in as one of{' '}
              {ROLES.map((role, i) => (
                <span key={role}>
                  <code className="font-mono text-foreground">{role}</code>
                  {i < ROLES.length - 1 ? ', ' : ''}
                </span>
              ))}{' '}
              with the password <code className="font-mono text-foreground">demo</code>.
            </p>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
