import { headers } from 'next/headers';
import { LazyClerkProvider } from '@/components/auth/clerk-lazy';
import { authMode } from '@/lib/auth/server';
import { getEnv } from '@/lib/env';

/**
 * Sign-in and account pages: a centred card without the console shell. In Clerk mode they carry Clerk's provider
 * (chosen per request, not at build time, so one build serves every mode; its code loads only then).
 */
export default async function AuthLayout({ children }: { children: React.ReactNode }) {
  const content = (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-md">{children}</div>
    </main>
  );
  if (authMode() !== 'clerk') return content;
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <LazyClerkProvider publishableKey={getEnv().NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY ?? ''} nonce={nonce}>
      {content}
    </LazyClerkProvider>
  );
}
