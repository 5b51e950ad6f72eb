import { Button } from '@/components/ui/button';
import { requestPalette } from '@/lib/shell/palette-request';
import { cn } from '@/lib/utils';

/**
 * The row of controls above a list; it wraps on narrow screens instead of pushing the page sideways. `action` is
 * the list's primary button (Add …), at the row's end; leave it out for people who may not use it. `saveView` adds
 * a Save view button (a screen whose URL state can be saved, lib/palette/view-url.ts) that hands its click to the
 * palette's save flow, which loads on use.
 */
export function ListToolbar({
  label,
  className,
  action,
  saveView,
  children,
}: {
  label: string;
  className?: string;
  action?: { label: string; onClick: () => void };
  saveView?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      role="toolbar"
      aria-label={label}
      className={cn('flex min-w-0 flex-wrap items-end gap-3', className)}
    >
      {children}
      {saveView ? (
        <Button
          variant="outline"
          aria-haspopup="dialog"
          className="ml-auto"
          onClick={() => requestPalette('save-view')}
        >
          Save view
        </Button>
      ) : null}
      {action ? (
        <Button className={saveView ? undefined : 'ml-auto'} onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
