'use client';

import * as React from 'react';
import { EllipsisVertical } from 'lucide';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';

const loadMenu = () =>
  import('@/components/topology/topology-card-menu-content').then((m) => m.TopologyCardMenuContent);

/**
 * A card's action menu: a plain button until it is first pointed at or used, then the real menu (Radix and its
 * positioning code load on demand, not with the page: a dashboard shows dozens of cards).
 */
export function TopologyCardMenu({ componentId, name }: { componentId: string; name: string }) {
  const { Component, triggerProps } = useLazyMenu(loadMenu);
  if (Component) return <Component componentId={componentId} name={name} defaultOpen />;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Actions for ${name}`}
      aria-haspopup="menu"
      className="-mr-1 -mt-1 size-8"
      {...triggerProps}
    >
      <StaticIcon icon={EllipsisVertical} />
    </Button>
  );
}
