'use client';

import * as React from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { Download, LogOut, UserRound } from 'lucide-react';
import { useSession } from '@/components/providers/session-provider';
import { KubeconfigDialog } from '@/components/shell/kubeconfig-dialog';
import { VersionLine } from '@/components/shell/version-line';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.slice(0, 2)).toUpperCase();
}

export function UserMenu({ docsUrl }: { docsUrl: string }) {
  const session = useSession();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [kubeconfigOpen, setKubeconfigOpen] = React.useState(false);
  if (!session) return null;
  const query = searchParams.toString();
  const signOutHref = `/logout?return_to=${encodeURIComponent(`${pathname}${query ? `?${query}` : ''}`)}`;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`User menu for ${session.user.name}`} className="rounded-full">
            <span className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
              {initials(session.user.name)}
            </span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>Hi {session.user.name}</DropdownMenuLabel>
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
          <VersionLine />
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <a href={signOutHref}>
              <LogOut className="size-4" aria-hidden /> Sign out
            </a>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <KubeconfigDialog open={kubeconfigOpen} onOpenChange={setKubeconfigOpen} docsUrl={docsUrl} />
    </>
  );
}
