'use client';

import * as React from 'react';
import Link from 'next/link';
import { HelpMenu } from '@/components/shell/help-menu';
import { PreferencesMenu } from '@/components/shell/preferences-menu';
import type { HeaderIcons } from '@/components/shell/shell-icons';
import { patternRegex, titleFor, type RouteTitle } from '@/components/shell/route-titles';
import { setSidebarOverlay } from '@/components/shell/sidebar-overlay';
import { useDisplayPathname } from '@/components/shell/use-display-pathname';
import { UserMenu } from '@/components/shell/user-menu';
import { Button } from '@/components/ui/button';

/** The id of the header slot pages fill with their own controls (title extras, refresh button). */
export const HEADER_EXTRA_ID = 'page-header-extra';

export function Header({
  docsUrl,
  standalone,
  notificationsHref,
  requestPath,
  routeTitles,
  controlRoutes,
  organizationSwitcher,
  search,
  icons,
  live,
}: {
  docsUrl: string;
  standalone: boolean;
  /** Where the bell leads (the first notification page the person may open), or nothing: no bell. */
  notificationsHref?: string;
  requestPath: string;
  /** The registry's [pattern, title] pairs in matching order (routeTitleTable), built on the server. */
  routeTitles: readonly RouteTitle[];
  /** The patterns of the routes whose pages fill the extra slot (the registry's headerControls). */
  controlRoutes: readonly string[];
  /** Clerk mode's organization switcher (a server component), or nothing. */
  organizationSwitcher?: React.ReactNode;
  /** The search button that opens the command palette (a feature's, so the layout passes it in), or nothing. */
  search?: React.ReactNode;
  /** The buttons' icons, rendered on the server (headerIcons). */
  icons: HeaderIcons;
  /** The live-updates indicator and switch (components/live), or nothing. */
  live?: React.ReactNode;
}) {
  const pathname = useDisplayPathname(requestPath);
  const table = React.useMemo(
    () => routeTitles.map(([pattern, title]) => [patternRegex(pattern), title] as const),
    [routeTitles],
  );
  const title = titleFor(table, pathname);
  // Open from the first paint where the page will fill it, so that its controls arriving move nothing.
  const controls = controlRoutes.some((pattern) => patternRegex(pattern).test(pathname));

  return (
    // On a phone the page's own controls (the extra slot) wrap onto a second row under the title and the buttons.
    <header className="sticky top-0 z-30 flex min-h-16 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b bg-background/95 px-4 py-2 backdrop-blur sm:flex-nowrap">
      <Button
        variant="ghost"
        size="icon"
        className="-ml-2 sm:hidden"
        aria-label="Open menu"
        onClick={() => setSidebarOverlay(true)}
      >
        {icons.menu}
      </Button>
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold sm:flex-none">{title}</h1>
      <div
        id={HEADER_EXTRA_ID}
        className={`order-last flex min-h-9 w-full min-w-0 items-center gap-2 sm:order-none sm:w-auto sm:flex-1${controls ? '' : ' empty:hidden'}`}
      />
      {/* The header's own buttons sit at the right edge on every page (issue 37): ml-auto, whether or not a page
          fills the extra slot, which is hidden when empty and otherwise took the free space that pushed them there. */}
      <div data-testid="header-actions" className="ml-auto flex shrink-0 items-center gap-x-3">
        {search}
        {organizationSwitcher}
        {live}
        {!standalone && notificationsHref && (
          <Button asChild variant="ghost" size="icon">
            <Link href={notificationsHref} aria-label="Notifications">
              {icons.notifications}
            </Link>
          </Button>
        )}
        <PreferencesMenu icon={icons.preferences} />
        <HelpMenu docsUrl={docsUrl} icon={icons.help} />
        {/* Not in a Suspense boundary (nothing in it suspends): React streams a finished boundary of its size
            after the rest once the page's HTML passes 12.8 kB, so a slow phone painted the header without the
            avatar on one row, and its arrival wrapped the header onto two (a layout shift, issue 34). */}
        {!standalone && <UserMenu docsUrl={docsUrl} />}
      </div>
    </header>
  );
}
