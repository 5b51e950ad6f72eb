import { redirect } from 'next/navigation';
import { SignOutForm } from '@/components/auth/sign-out-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { loginUrl, safeReturnTo } from '@/lib/auth/return-to';
import { getSession } from '@/lib/auth/server';

export const metadata = { title: 'Sign out' };

export default async function LogoutPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).return_to;
  const returnTo = safeReturnTo(Array.isArray(raw) ? raw[0] : raw);
  if (!(await getSession())) redirect(loginUrl(returnTo));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-xl">Sign out</h1>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <SignOutForm returnTo={returnTo} />
      </CardContent>
    </Card>
  );
}
