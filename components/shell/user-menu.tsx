'use client';

import * as React from 'react';
import { useSession } from '@/components/shell/session-provider';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { UserAvatar } from '@/components/shell/user-avatar';
import { Button } from '@/components/ui/button';

const loadContent = () => import('@/components/shell/header-menus').then((m) => m.UserMenuContent);

/** The header's avatar button; the menu (profile, kubeconfig dialog, versions, sign out) loads on first use. */
export function UserMenu({ docsUrl }: { docsUrl: string }) {
  const session = useSession();
  const { Component, triggerProps } = useLazyMenu(loadContent);
  if (!session) return null;
  if (Component) return <Component docsUrl={docsUrl} defaultOpen />;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`User menu for ${session.user.name}`}
      aria-haspopup="menu"
      className="rounded-full"
      {...triggerProps}
    >
      <UserAvatar name={session.user.name} avatar={session.user.avatar} />
    </Button>
  );
}
