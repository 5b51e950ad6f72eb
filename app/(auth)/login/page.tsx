import Link from 'next/link';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { LazyClerkWidget } from '@/components/auth/clerk-lazy';
import { KratosFlowForm } from '@/components/auth/kratos-flow-form';
import { KioskConfirm } from '@/components/auth/kiosk-confirm';
import { KratosKioskLogin } from '@/components/auth/kratos-kiosk-login';
import { LoginForm } from '@/components/auth/login-form';
import { flowForPage, firstParam, type SearchParams } from '@/lib/auth/kratos/page';
import { KIOSK_COOKIE, kioskModeOf } from '@/lib/auth/kiosk';
import { landingPath, safeReturnTo } from '@/lib/auth/return-to';
import { authMode, getSession } from '@/lib/auth/server';
import { demoDataEnabled, getEnv, isEmbeddedBackend } from '@/lib/env';
import { ROLES } from '@/lib/auth/permissions';

export const metadata = { title: 'Sign in' };

const SIGN_IN = 'Sign In to your account';

function DemoAccounts() {
  return (
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
  );
}

const resetLink = (
  <div className="text-center text-sm">
    <Link href="/recovery" className="text-primary underline underline-offset-2">
      Reset password
    </Link>
  </div>
);

type KioskMode = Awaited<ReturnType<typeof kioskModeOf>>;

async function KratosLogin({ params, kiosk }: { params: SearchParams; kiosk: KioskMode }) {
  const returnTo = safeReturnTo(firstParam(params.return_to));
  const refresh = firstParam(params.refresh) === 'true';
  const aal = firstParam(params.aal);
  if (kiosk === 'confirm') {
    return (
      <AuthCard title={SIGN_IN}>
        <KioskConfirm returnTo={returnTo} />
      </AuthCard>
    );
  }
  if (kiosk) {
    return (
      <AuthCard title={SIGN_IN}>
        <KratosKioskLogin returnTo={returnTo} />
      </AuthCard>
    );
  }
  const { flow, error, notice } = await flowForPage('login', params);
  const isRefresh = flow && 'refresh' in flow ? flow.refresh === true : refresh;
  const secondFactor = flow && 'requested_aal' in flow ? flow.requested_aal === 'aal2' : aal === 'aal2';
  const title = isRefresh ? 'Confirm Action' : secondFactor ? 'Two-Factor Authentication' : SIGN_IN;
  return (
    <AuthCard title={title} description={getEnv().PRODUCT_NAME} notice={notice} error={error}>
      {flow && (
        <KratosFlowForm
          kind="login"
          flow={flow}
          returnTo={returnTo}
          nonce={(await headers()).get('x-nonce') ?? undefined}
        />
      )}
      {resetLink}
      {!isRefresh && !secondFactor && (
        <div className="text-center text-sm">
          <Link
            href={
              returnTo === '/' ? '/registration' : `/registration?return_to=${encodeURIComponent(returnTo)}`
            }
            className="text-primary underline underline-offset-2"
          >
            Create account
          </Link>
        </div>
      )}
    </AuthCard>
  );
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const returnTo = safeReturnTo(firstParam(params.return_to));
  const mode = authMode();
  if (mode === 'none') redirect('/health');
  // Middleware moved kiosk credentials into a sealed cookie; the page only learns that there are some, and whether
  // they came from another site's link (then it asks for a click: login CSRF).
  const kiosk = await kioskModeOf((await cookies()).get(KIOSK_COOKIE)?.value);
  const session = await getSession();
  if (session && !kiosk && !firstParam(params.refresh) && !firstParam(params.aal))
    redirect(landingPath(returnTo));

  if (mode === 'kratos') return <KratosLogin params={params} kiosk={kiosk} />;
  if (mode === 'clerk') {
    const { auth } = await import('@clerk/nextjs/server');
    if ((await auth()).userId) redirect(returnTo);
    // Clerk's hosted sign-in widget; after it, middleware picks the organization and its backend.
    return (
      <div className="flex justify-center">
        <LazyClerkWidget widget="sign-in" returnTo={returnTo} />
      </div>
    );
  }
  return (
    <AuthCard title={SIGN_IN} description={getEnv().PRODUCT_NAME}>
      {kiosk === 'confirm' && <KioskConfirm returnTo={returnTo} />}
      <LoginForm returnTo={returnTo} kiosk={kiosk === 'auto'} />
      {resetLink}
      {isEmbeddedBackend() && demoDataEnabled() && <DemoAccounts />}
    </AuthCard>
  );
}
