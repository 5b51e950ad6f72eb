import type * as React from 'react';
import { Button } from '@/components/ui/button';

/**
 * The header's Search button, rendered on the server with no handler of its own: PaletteLauncher, around it, takes
 * its click (a click before hydration is held and replayed by the early-click catcher), so its markup is not code
 * in every page's first load.
 */
export function PaletteButton({ icon }: { icon: React.ReactNode }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label="Search and commands"
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      className="text-muted-foreground max-sm:size-9 max-sm:border-0 max-sm:p-0 max-sm:shadow-none"
    >
      {icon}
      <span className="max-sm:sr-only">Search</span>
      <kbd className="rounded border px-1 font-sans text-xs max-md:hidden">Ctrl K</kbd>
    </Button>
  );
}
