import { headers } from 'next/headers';
import Link from 'next/link';
import { LazyClerkWidget } from '@/components/auth/clerk-lazy';
import { AuthCard } from '@/components/auth/auth-card';
import { KratosFlowForm } from '@/components/auth/kratos-flow-form';
import { firstParam, flowForPage, type SearchParams } from '@/lib/auth/kratos/page';
import { safeReturnTo } from '@/lib/auth/return-to';
import { authMode, requireRouteAccess } from '@/lib/auth/server';

export const metadata = { title: 'Profile Settings' };

/** The six sections of spec 000 §2, each backed by one settings method of the identity server. */
const SECTIONS = [
  { group: 'profile', title: 'Profile Settings' },
  { group: 'password', title: 'Change Password' },
  { group: 'oidc', title: 'Manage Social Sign In' },
  { group: 'lookup_secret', title: 'Manage 2FA Backup Recovery Codes' },
  { group: 'totp', title: 'Manage 2FA TOTP Authenticator App' },
  { group: 'webauthn', title: 'Manage Hardware Tokens and Biometrics' },
] as const;

function GoBack({ href }: { href: string }) {
  return (
    <Link href={href} className="text-sm text-primary underline underline-offset-2">
      Go back
    </Link>
  );
}

async function KratosSettings({ params }: { params: SearchParams }) {
  const { flow, error, notice, returnTo } = await flowForPage('settings', params);
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <AuthCard title="Profile Settings" notice={notice} error={error}>
      <GoBack href={returnTo} />
      {flow &&
        SECTIONS.map((section) => {
          const enabled = flow.ui.nodes.some((n) => n.group === section.group);
          return (
            <section
              key={section.group}
              aria-labelledby={`section-${section.group}`}
              className="space-y-3 border-t pt-4"
            >
              <h2 id={`section-${section.group}`} className="font-medium">
                {section.title}
              </h2>
              {enabled ? (
                <KratosFlowForm
                  kind="settings"
                  flow={flow}
                  returnTo={returnTo}
                  groups={[section.group]}
                  expireMessages
                  showFlowMessages
                  nonce={nonce}
                />
              ) : (
                <p className="text-sm text-muted-foreground">Not enabled on this identity server.</p>
              )}
            </section>
          );
        })}
      <GoBack href={returnTo} />
    </AuthCard>
  );
}

export default async function ProfileSettingsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireRouteAccess('/profile-settings');
  const params = await searchParams;
  const returnTo = safeReturnTo(firstParam(params.return_to));
  const mode = authMode();
  if (mode === 'kratos') return <KratosSettings params={params} />;
  if (mode === 'clerk') {
    // Clerk's hosted profile widget covers profile, password, connected accounts, 2FA and passkeys.
    return (
      <div className="space-y-4">
        <GoBack href={returnTo} />
        <LazyClerkWidget widget="user-profile" />
      </div>
    );
  }
  return (
    <AuthCard title="Profile Settings">
      <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
        <dt className="text-muted-foreground">Name</dt>
        <dd>{session.user.name}</dd>
        <dt className="text-muted-foreground">Email</dt>
        <dd>{session.user.email ?? '—'}</dd>
        <dt className="text-muted-foreground">Roles</dt>
        <dd>{session.roles.join(', ') || '—'}</dd>
      </dl>
      <p className="text-sm text-muted-foreground">
        In this sign-in mode your name, email and password are managed by an administrator.
      </p>
      <GoBack href={returnTo} />
    </AuthCard>
  );
}
