import { headers } from 'next/headers';
import { ClerkProvider } from '@clerk/nextjs';
import { authMode } from '@/lib/auth/server';

/**
 * Sign-in and account pages: a centred card without the console shell. In Clerk mode they carry ClerkProvider
 * (chosen per request, not at build time, so one build serves every mode).
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
    <ClerkProvider nonce={nonce} signInUrl="/login" afterSignOutUrl="/login">
      {content}
    </ClerkProvider>
  );
}
