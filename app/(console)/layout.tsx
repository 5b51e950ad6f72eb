import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ClerkOrganizationSwitcher } from '@/components/auth/clerk-organization-switcher';
import { LiveSlot } from '@/components/live/live-slot';
import { PaletteButton } from '@/components/palette/palette-button';
import { PaletteLauncher } from '@/components/palette/palette-launcher';
import { Header } from '@/components/shell/header';
import { routeTitleTable } from '@/components/shell/route-titles';
import { Sidebar } from '@/components/shell/sidebar';
import { headerIcons, sidebarIcons } from '@/components/shell/shell-icons';
import { loginUrl } from '@/lib/auth/return-to';
import { authMode, canOpenRoute, getSession } from '@/lib/auth/server';
import { getEnv } from '@/lib/env';
import { ROUTES } from '@/lib/routes';
import { notificationsEntry } from '@/lib/notifications/href';
import { hasAccess } from '@/lib/auth/permissions';
import { getBackend } from '@/lib/backend/client';
import { sidebarEntriesFor } from '@/lib/shell/sidebar-entries';
import { hasStatusPageCapability } from '@/lib/status-page/capability';

const ROUTE_TITLES = routeTitleTable(ROUTES);
const HEADER_CONTROLS = ROUTES.filter((r) => r.headerControls).map((r) => r.pattern);

/**
 * The backend capabilities the sidebar's entries need (issue 38): probed only for who could see such an entry, and
 * remembered per backend (per person in Clerk mode, where each organization has its own backend).
 */
async function backendCapabilities(
  session: NonNullable<Awaited<ReturnType<typeof getSession>>>,
  mode: ReturnType<typeof authMode>,
): Promise<ReadonlySet<string> | undefined> {
  if (mode === 'none' || !hasAccess(session.grants, 'status_pages', 'read')) return undefined;
  try {
    const key = mode === 'clerk' ? `clerk:${session.user.id}` : 'deployment';
    return (await hasStatusPageCapability(await getBackend(), key)) ? new Set(['status-page']) : new Set();
  } catch {
    return undefined;
  }
}

/** The page shell of every main and settings route: sidebar and sticky header around the page. */
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const session = await getSession();
  // The address the person asked for (set by middleware before any rewrite), without its query.
  const requested = (await headers()).get('x-console-path') ?? '/';
  if (!session) redirect(loginUrl(requested));
  const requestPath = requested.split('?')[0] ?? '/';
  const mode = authMode();
  const model = sidebarEntriesFor(session, mode, undefined, await backendCapabilities(session, mode));
  // Clerk's client code is a lazily loaded chunk: other modes never fetch it.
  const organizationSwitcher = mode === 'clerk' ? <ClerkOrganizationSwitcher /> : null;
  const icons = headerIcons();
  // Standalone mode has only the health views and no person to keep recent entries or saved views for: no palette.
  const standalone = mode === 'none';
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        Skip to content
      </a>
      <Sidebar model={model} icons={sidebarIcons(model)} requestPath={requestPath} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          icons={icons}
          docsUrl={getEnv().DOCS_URL}
          standalone={standalone}
          notificationsHref={standalone ? undefined : notificationsEntry((p) => canOpenRoute(session, p))}
          requestPath={requestPath}
          routeTitles={ROUTE_TITLES}
          controlRoutes={HEADER_CONTROLS}
          organizationSwitcher={organizationSwitcher}
          live={mode === 'none' ? null : <LiveSlot />}
          search={
            standalone ? null : (
              <PaletteLauncher>
                <PaletteButton icon={icons.search} />
              </PaletteLauncher>
            )
          }
        />
        <main id="main" className="flex min-w-0 flex-1 flex-col">
          {children}
        </main>
      </div>
    </div>
  );
}
