import Link from 'next/link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { isEmbeddedBackend } from '@/lib/env';

export const metadata = { title: 'Recover account' };

/** Basic mode has no self-service reset: the backend's administrators own the passwords. */
export default function RecoveryPage() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-xl">Recover account</h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p>
          Passwords of this console are managed by its administrators. Ask an administrator to reset yours; they can
          also send you a new invitation from Settings → Users.
        </p>
        {isEmbeddedBackend() && (
          <p className="text-muted-foreground">
            On the embedded demo backend every demo account uses the password <code className="font-mono">demo</code>.
          </p>
        )}
        <Link href="/login" className="text-primary underline underline-offset-2">
          Go back
        </Link>
      </CardContent>
    </Card>
  );
}
