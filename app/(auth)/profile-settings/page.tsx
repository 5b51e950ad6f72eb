import Link from 'next/link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { safeReturnTo } from '@/lib/auth/return-to';
import { requireRouteAccess } from '@/lib/auth/server';

export const metadata = { title: 'Profile Settings' };

export default async function ProfileSettingsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await requireRouteAccess('/profile-settings');
  const raw = (await searchParams).return_to;
  const returnTo = safeReturnTo(Array.isArray(raw) ? raw[0] : raw);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-xl">Profile Settings</h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <dl className="grid grid-cols-[8rem_1fr] gap-2">
          <dt className="text-muted-foreground">Name</dt>
          <dd>{session.user.name}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd>{session.user.email ?? '—'}</dd>
          <dt className="text-muted-foreground">Roles</dt>
          <dd>{session.roles.join(', ') || '—'}</dd>
        </dl>
        <p className="text-muted-foreground">
          In this sign-in mode your name, email and password are managed by an administrator.
        </p>
        <Link href={returnTo} className="text-primary underline underline-offset-2">
          Go back
        </Link>
      </CardContent>
    </Card>
  );
}
