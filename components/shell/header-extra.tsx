'use client';

import * as React from 'react';
import { createPortal } from 'react-dom';
import { RefreshCw } from 'lucide';
import { HEADER_EXTRA_ID } from '@/components/shell/header';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';
import { cn } from '@/lib/utils';

/**
 * Renders a page's own header content (filters, refresh) into the shell's sticky header, after hydration (a portal):
 * a route whose page uses it says so in the registry (`headerControls`), so that the header keeps the row open.
 */
export function HeaderExtra({ children }: { children: React.ReactNode }) {
  const [target, setTarget] = React.useState<HTMLElement | null>(null);
  React.useEffect(() => setTarget(document.getElementById(HEADER_EXTRA_ID)), []);
  return target ? createPortal(children, target) : null;
}

export function RefreshButton({ onRefresh, refreshing }: { onRefresh: () => void; refreshing?: boolean }) {
  return (
    <Button variant="ghost" size="icon" aria-label="Refresh" onClick={onRefresh} disabled={refreshing}>
      <StaticIcon icon={RefreshCw} className={cn('size-4', refreshing && 'animate-spin')} />
    </Button>
  );
}
