'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { createPortal } from 'react-dom';
import { usePathname, useRouter } from 'next/navigation';
import { useSession } from '@/components/shell/session-provider';
import { SIDEBAR_SAVED_ID } from '@/components/shell/sidebar';
import { Button } from '@/components/ui/button';
import { PAGE_SEARCH_SELECTOR, shortcutFor } from '@/lib/palette/keyboard';
import { goTarget, palettePages } from '@/lib/palette/pages';
import { canSaveViewOf } from '@/lib/palette/view-url';
import { moveRowSelection } from './row-selection';

const CommandPalette = dynamic(() => import('./command-palette').then((m) => m.CommandPalette), {
  ssr: false,
});
const SavedViewsNav = dynamic(() => import('./saved-views-nav').then((m) => m.SavedViewsNav), {
  ssr: false,
});
const ShortcutsHelp = dynamic(() => import('./shortcuts-help').then((m) => m.ShortcutsHelp), { ssr: false });

/** The palette, the shortcuts' help, or the palette opened on its save flow (the header's Save view). */
export type PaletteView = 'palette' | 'help' | 'save-view';

export interface PaletteRootProps {
  /** The latest request to open a view (`n` counts them, so the same view asked twice opens twice). */
  request: { view: PaletteView; n: number } | null;
  onRequest: (view: PaletteView) => void;
}

/** A modal dialog is open (the palette itself, a form): page shortcuts wait until it closes. */
const dialogOpen = () =>
  document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !==
  null;

/**
 * The keyboard shortcuts other than Ctrl/⌘-K (`?`, `/`, `g` then a letter, `j`/`k` in lists), the palette and help dialogs (each
 * loaded when first opened), the sidebar's Saved group (rendered into the sidebar's slot) and, on a list screen whose
 * view can be saved, a Save view button next to the header's Search that opens the palette on its save flow (not on
 * a phone, where the header has no room: the palette's "Save this view…" is there). Loaded
 * after the page's load event by PaletteLauncher, so none of it is in a page's first load, and the button comes with
 * the code that answers it. Not in the list toolbar: in the kit it cost ~0.1 kB on routes at their first-load
 * ceilings, and a node put into a server-rendered toolbar from here fails that part's hydration when React is still
 * at it (React #418).
 */
export function PaletteRoot({ request, onRequest }: PaletteRootProps) {
  const session = useSession();
  const router = useRouter();
  const [open, setOpen] = React.useState<PaletteView | null>(null);
  const [used, setUsed] = React.useState<ReadonlySet<PaletteView>>(new Set());
  const [start, setStart] = React.useState<'root' | 'save-view'>('root');
  const pages = React.useMemo(() => (session ? palettePages(session, session.mode) : []), [session]);
  const [savedSlot, setSavedSlot] = React.useState<HTMLElement | null>(null);
  React.useEffect(() => setSavedSlot(document.getElementById(SIDEBAR_SAVED_ID)), []);
  const saveable = canSaveViewOf(usePathname());

  React.useEffect(() => {
    if (!request) return;
    // A flow is the palette opened on that flow's page.
    const view = request.view === 'help' ? 'help' : 'palette';
    setOpen(view);
    setStart(request.view === 'save-view' ? 'save-view' : 'root');
    setUsed((u) => (u.has(view) ? u : new Set([...u, view])));
  }, [request]);

  React.useEffect(() => {
    let gPressedAt: number | null = null;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat) return;
      const action = shortcutFor(
        {
          key: e.key,
          ctrlKey: e.ctrlKey,
          metaKey: e.metaKey,
          altKey: e.altKey,
          target: e.target,
          time: Date.now(),
        },
        gPressedAt,
      );
      gPressedAt = null;
      // Ctrl/⌘-K is the launcher's; the rest wait while a dialog is open.
      if (!action || action.type === 'palette' || dialogOpen()) return;
      if (action.type === 'wait-for-letter') {
        gPressedAt = Date.now();
      } else if (action.type === 'help') {
        e.preventDefault();
        onRequest('help');
      } else if (action.type === 'row') {
        if (moveRowSelection(action.step)) e.preventDefault();
      } else if (action.type === 'focus-search') {
        const box = document.querySelector<HTMLInputElement>(PAGE_SEARCH_SELECTOR);
        if (!box) return;
        e.preventDefault();
        box.focus();
        box.select?.();
      } else {
        // Only a page the person may open (the same list as the palette's Pages).
        const href = goTarget(action.key, pages);
        if (href) {
          e.preventDefault();
          router.push(href);
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [pages, router, onRequest]);

  const close = (view: PaletteView) => (next: boolean) => !next && setOpen((o) => (o === view ? null : o));
  return (
    <>
      {used.has('palette') && session && (
        <CommandPalette
          open={open === 'palette'}
          start={start}
          onOpenChange={close('palette')}
          session={session}
          pages={pages}
          onShowHelp={() => onRequest('help')}
        />
      )}
      {used.has('help') && (
        <ShortcutsHelp
          open={open === 'help'}
          onOpenChange={close('help')}
          canGo={(key) => goTarget(key, pages) !== undefined}
        />
      )}
      {savedSlot && createPortal(<SavedViewsNav />, savedSlot)}
      {saveable && (
        <Button
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          className="max-sm:hidden"
          onClick={() => onRequest('save-view')}
        >
          Save view
        </Button>
      )}
    </>
  );
}
