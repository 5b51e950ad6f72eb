import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthError } from '@/components/auth/auth-error';

/** The card every sign-in and account page uses: a real h1, an optional notice and the page content. */
export function AuthCard({
  title,
  description,
  notice,
  error,
  children,
}: {
  title: string;
  description?: string;
  notice?: string;
  error?: string;
  children?: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-xl">{title}</h1>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-4">
        {notice && (
          <p
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {notice}
          </p>
        )}
        <AuthError error={error} />
        {children}
      </CardContent>
    </Card>
  );
}
