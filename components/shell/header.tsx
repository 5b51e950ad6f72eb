'use client';

import * as React from 'react';
import Link from 'next/link';
import { HelpMenu } from '@/components/shell/help-menu';
import { PreferencesMenu } from '@/components/shell/preferences-menu';
import type { HeaderIcons } from '@/components/shell/shell-icons';
import { patternRegex, titleFor, type RouteTitle } from '@/components/shell/route-titles';
import { useDisplayPathname } from '@/components/shell/use-display-pathname';
import { UserMenu } from '@/components/shell/user-menu';
import { Button } from '@/components/ui/button';

/** The id of the header slot pages fill with their own controls (title extras, refresh button). */
export const HEADER_EXTRA_ID = 'page-header-extra';

export function Header({
  docsUrl,
  standalone,
  requestPath,
  routeTitles,
  organizationSwitcher,
  icons,
}: {
  docsUrl: string;
  standalone: boolean;
  requestPath: string;
  /** The registry's [pattern, title] pairs in matching order (routeTitleTable), built on the server. */
  routeTitles: readonly RouteTitle[];
  /** Clerk mode's organization switcher (a server component), or nothing. */
  organizationSwitcher?: React.ReactNode;
  /** The buttons' icons, rendered on the server (headerIcons). */
  icons: HeaderIcons;
}) {
  const pathname = useDisplayPathname(requestPath);
  const table = React.useMemo(
    () => routeTitles.map(([pattern, title]) => [patternRegex(pattern), title] as const),
    [routeTitles],
  );
  const title = titleFor(table, pathname);

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur">
      <h1 className="truncate text-lg font-semibold">{title}</h1>
      <div id={HEADER_EXTRA_ID} className="flex min-w-0 flex-1 items-center gap-2" />
      {organizationSwitcher}
      {!standalone && (
        <Button asChild variant="ghost" size="icon">
          <Link href="/notifications" aria-label="Notifications">
            {icons.notifications}
          </Link>
        </Button>
      )}
      <PreferencesMenu icon={icons.preferences} />
      <HelpMenu docsUrl={docsUrl} icon={icons.help} />
      {!standalone && (
        <React.Suspense fallback={null}>
          <UserMenu docsUrl={docsUrl} />
        </React.Suspense>
      )}
    </header>
  );
}
