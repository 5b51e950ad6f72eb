import { cn } from '@/lib/utils';

/** The row of controls above a list; it wraps on narrow screens instead of pushing the page sideways. */
export function ListToolbar({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="toolbar"
      aria-label={label}
      className={cn('flex min-w-0 flex-wrap items-end gap-3', className)}
    >
      {children}
    </div>
  );
}
