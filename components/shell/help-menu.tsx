'use client';

import * as React from 'react';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { Button } from '@/components/ui/button';

const loadContent = () => import('@/components/shell/header-menus').then((m) => m.HelpMenuContent);

/** The header's help button; the menu (Docs) loads on first use. */
export function HelpMenu({ docsUrl, icon }: { docsUrl: string; icon: React.ReactNode }) {
  const { Component, triggerProps } = useLazyMenu(loadContent);
  if (Component) return <Component docsUrl={docsUrl} defaultOpen />;
  return (
    <Button variant="ghost" size="icon" aria-label="Help" aria-haspopup="menu" {...triggerProps}>
      {icon}
    </Button>
  );
}
