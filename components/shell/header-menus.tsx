'use client';

import * as React from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { CircleHelp, Download, ExternalLink, LogOut, UserRound } from 'lucide-react';
import { useSession } from '@/components/shell/session-provider';
import { KubeconfigDialog } from '@/components/shell/kubeconfig-dialog';
import { UserAvatar } from '@/components/shell/user-avatar';
import { VersionLine } from '@/components/shell/version-line';
import { QueryProvider } from '@/components/shell/query-provider';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/**
 * The Radix parts of the header's help and user menus, loaded on demand by HelpMenu and UserMenu (see
 * lazy-menu.tsx) and mounted opened.
 */

export function HelpMenuContent({
  docsUrl,
  defaultOpen = false,
}: {
  docsUrl: string;
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
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
  );
}

function SignOutItem() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const query = searchParams.toString();
  const signOutHref = `/logout?return_to=${encodeURIComponent(`${pathname}${query ? `?${query}` : ''}`)}`;
  return (
    <DropdownMenuItem asChild>
      <a href={signOutHref}>
        <LogOut className="size-4" aria-hidden /> Sign out
      </a>
    </DropdownMenuItem>
  );
}

export function UserMenuContent({
  docsUrl,
  defaultOpen = false,
}: {
  docsUrl: string;
  defaultOpen?: boolean;
}) {
  const session = useSession();
  const [kubeconfigOpen, setKubeconfigOpen] = React.useState(false);
  if (!session) return null;

  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`User menu for ${session.user.name}`}
            className="rounded-full"
          >
            <UserAvatar name={session.user.name} avatar={session.user.avatar} />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="flex items-center gap-2">
            <UserAvatar name={session.user.name} avatar={session.user.avatar} />
            <span>Hi {session.user.name}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            {/* A full navigation: the profile page belongs to the identity provider's flow. */}
            <a href="/profile-settings">
              <UserRound className="size-4" aria-hidden /> Your Profile
            </a>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setKubeconfigOpen(true)}>
            <Download className="size-4" aria-hidden /> Download kubeconfig
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <QueryProvider>
            <VersionLine />
          </QueryProvider>
          <DropdownMenuSeparator />
          <React.Suspense fallback={null}>
            <SignOutItem />
          </React.Suspense>
        </DropdownMenuContent>
      </DropdownMenu>
      <KubeconfigDialog open={kubeconfigOpen} onOpenChange={setKubeconfigOpen} docsUrl={docsUrl} />
    </>
  );
}
