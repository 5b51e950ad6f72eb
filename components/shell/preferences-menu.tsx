'use client';

import * as React from 'react';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { Button } from '@/components/ui/button';

const loadContent = () =>
  import('@/components/shell/preferences-menu-content').then((m) => m.PreferencesMenuContent);

/** The header's preferences button; the popover (zones, slider, switches) loads on first use. */
export function PreferencesMenu({ icon }: { icon: React.ReactNode }) {
  const { Component, triggerProps } = useLazyMenu(loadContent);
  if (Component) return <Component defaultOpen />;
  return (
    <Button variant="ghost" size="icon" aria-label="Preferences" aria-haspopup="dialog" {...triggerProps}>
      {icon}
    </Button>
  );
}
