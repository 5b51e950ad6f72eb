'use client';

import * as React from 'react';
import { Button } from '@/components/ui/button';
import { afterPageLoad } from '@/components/widgets/use-after-load';
import type { PaletteRootProps, PaletteView } from './palette-root';

/**
 * The only part of the palette in every page's first load (issue 33): the header's Search button and the Ctrl/⌘-K
 * listener. The rest (the other shortcuts, then the palette itself) loads after the page's load event or on
 * first use, whichever comes first.
 */
const loadRoot = () => import('./palette-root').then((m) => m.PaletteRoot);

export function PaletteLauncher({ icon }: { icon: React.ReactNode }) {
  const [Root, setRoot] = React.useState<React.ComponentType<PaletteRootProps> | null>(null);
  const [request, setRequest] = React.useState<{ view: PaletteView; n: number } | null>(null);
  // Offline before the palette's code came, mounting fails quietly (the offline banner says why nothing opens); a
  // later Ctrl/⌘-K or click tries again.
  const mount = React.useCallback(
    () =>
      loadRoot().then(
        (C) => {
          setRoot(() => C);
          return true;
        },
        () => false,
      ),
    [],
  );
  const open = React.useCallback(
    (view: PaletteView) =>
      void mount().then((mounted) => {
        if (mounted) setRequest((r) => ({ view, n: (r?.n ?? 0) + 1 }));
      }),
    [mount],
  );

  React.useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault(); // the browser's own Ctrl-K (its search bar) would take the keystroke
        open('palette');
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const cancel = afterPageLoad(() => void mount());
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      cancel();
    };
  }, [open, mount]);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label="Search and commands"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        className="text-muted-foreground max-sm:size-9 max-sm:border-0 max-sm:p-0 max-sm:shadow-none"
        onClick={() => open('palette')}
      >
        {icon}
        <span className="max-sm:sr-only">Search</span>
        <kbd className="rounded border px-1 font-sans text-xs max-md:hidden">Ctrl K</kbd>
      </Button>
      {Root && <Root request={request} onRequest={open} />}
    </>
  );
}
