'use client';

import * as React from 'react';
import { CircleHelp } from 'lucide-react';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { Button } from '@/components/ui/button';

const loadContent = () => import('@/components/shell/header-menus').then((m) => m.HelpMenuContent);

/** The header's help button; the menu (Docs) loads on first use. */
export function HelpMenu({ docsUrl }: { docsUrl: string }) {
  const { Component, triggerProps } = useLazyMenu(loadContent);
  if (Component) return <Component docsUrl={docsUrl} defaultOpen />;
  return (
    <Button variant="ghost" size="icon" aria-label="Help" aria-haspopup="menu" {...triggerProps}>
      <CircleHelp className="size-4" aria-hidden />
    </Button>
  );
}
