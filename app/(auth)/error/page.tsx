import Link from 'next/link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export const metadata = { title: 'Error' };

const BAD_SESSION =
  'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.';

/** The auth error page (spec 000 §2): BAD_SESSION has its own text, any other code 'Unknown error'. */
export default async function AuthErrorPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).error_code;
  const code = Array.isArray(raw) ? raw[0] : raw;
  const message = code === 'BAD_SESSION' ? BAD_SESSION : 'Unknown error';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-xl">An error occurred</h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p role="alert" className="text-sm">
          {message}
        </p>
        <Link href="/" className="text-sm text-primary underline underline-offset-2">
          Go back
        </Link>
      </CardContent>
    </Card>
  );
}
