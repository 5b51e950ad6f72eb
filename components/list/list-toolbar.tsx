import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * The row of controls above a list; it wraps on narrow screens instead of pushing the page sideways. `action` is
 * the list's primary button (Add …), at the row's end; leave it out for people who may not use it.
 */
export function ListToolbar({
  label,
  className,
  action,
  children,
}: {
  label: string;
  className?: string;
  action?: { label: string; onClick: () => void };
  children: React.ReactNode;
}) {
  return (
    <div
      role="toolbar"
      aria-label={label}
      className={cn('flex min-w-0 flex-wrap items-end gap-3', className)}
    >
      {children}
      {action ? (
        <Button className="ml-auto" onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
