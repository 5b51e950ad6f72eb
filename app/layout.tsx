import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { AppProviders } from '@/components/shell/app-providers';
import { PreviewBanner } from '@/components/shell/preview-banner';
import { closedRoutes } from '@/lib/auth/access';
import { getSession } from '@/lib/auth/server';
import { getEnv } from '@/lib/env';
import { getPreferences } from '@/lib/preferences/server';
import { ROUTES } from '@/lib/routes';
import { earlyClickScript } from '@/lib/shell/early-clicks';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const env = getEnv();
  // Standalone mode carries no product suffix (spec 000 §1).
  const standalone = env.AUTH_PROVIDER === 'none';
  return {
    title: {
      template: standalone ? '%s' : `%s | ${env.PRODUCT_NAME}`,
      default: standalone ? 'Health' : env.PRODUCT_NAME,
    },
    description:
      'Operations and reliability console: topology, health checks, incidents, catalog and playbooks.',
    icons: { icon: '/icon.svg' },
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [preferences, session, requestHeaders] = await Promise.all([
    getPreferences(),
    getSession().catch(() => null),
    headers(),
  ]);
  const clientSession = session
    ? {
        mode: session.mode,
        user: session.user,
        roles: session.roles,
        grants: session.grants,
        features: session.features,
        closedRoutes: closedRoutes(session, session.mode, ROUTES),
      }
    : null;
  return (
    <html lang="en" className={preferences.theme} suppressHydrationWarning>
      <body className="min-h-screen">
        {/* First in the body: it must listen before any control can be clicked (lib/shell/early-clicks.ts). */}
        <script
          nonce={requestHeaders.get('x-nonce') ?? undefined}
          dangerouslySetInnerHTML={{ __html: earlyClickScript() }}
        />
        <PreviewBanner />
        <AppProviders preferences={preferences} session={clientSession}>
          {children}
        </AppProviders>
      </body>
    </html>
  );
}
