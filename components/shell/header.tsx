'use client';

import * as React from 'react';
import Link from 'next/link';
import { Bell, CircleHelp, ExternalLink } from 'lucide-react';
import { PreferencesMenu } from '@/components/shell/preferences-menu';
import { useDisplayPathname } from '@/components/shell/use-display-pathname';
import { UserMenu } from '@/components/shell/user-menu';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { matchRoute } from '@/lib/routes';

/** The id of the header slot pages fill with their own controls (title extras, refresh button). */
export const HEADER_EXTRA_ID = 'page-header-extra';

export function Header({
  docsUrl,
  standalone,
  requestPath,
  organizationSwitcher,
}: {
  docsUrl: string;
  standalone: boolean;
  requestPath: string;
  /** Clerk mode's organization switcher (a server component), or nothing. */
  organizationSwitcher?: React.ReactNode;
}) {
  const pathname = useDisplayPathname(requestPath);
  const title = matchRoute(pathname)?.route.title ?? '';

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur">
      <h1 className="truncate text-lg font-semibold">{title}</h1>
      <div id={HEADER_EXTRA_ID} className="flex min-w-0 flex-1 items-center gap-2" />
      {organizationSwitcher}
      {!standalone && (
        <Button asChild variant="ghost" size="icon">
          <Link href="/notifications" aria-label="Notifications">
            <Bell className="size-4" aria-hidden />
          </Link>
        </Button>
      )}
      <PreferencesMenu />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Help">
            <CircleHelp className="size-4" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <a href={docsUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink className="size-4" aria-hidden /> Docs
            </a>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {!standalone && (
        <React.Suspense fallback={null}>
          <UserMenu docsUrl={docsUrl} />
        </React.Suspense>
      )}
    </header>
  );
}
