'use client';

import * as React from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { Button } from '@/components/ui/button';

const loadContent = () => import('@/components/shell/preferences-menu-content').then((m) => m.PreferencesMenuContent);

/** The header's preferences button; the popover (zones, slider, switches) loads on first use. */
export function PreferencesMenu() {
  const { Component, triggerProps } = useLazyMenu(loadContent);
  if (Component) return <Component defaultOpen />;
  return (
    <Button variant="ghost" size="icon" aria-label="Preferences" aria-haspopup="dialog" {...triggerProps}>
      <SlidersHorizontal className="size-4" aria-hidden />
    </Button>
  );
}
