import { cn } from '@/lib/utils';

/**
 * Cards that fill the width: as many columns as fit at `minWidth` px at the usual 16 px type (the topology
 * card-width preference, or a screen's own), each stretching to share the row; one column on a phone. A `<ul>` unless `as` says otherwise.
 */
export function CardGrid({
  minWidth,
  label,
  className,
  as: Tag = 'ul',
  children,
  ...rest
}: {
  minWidth: number;
  label?: string;
  className?: string;
  as?: 'ul' | 'section' | 'div';
  children: React.ReactNode;
} & Record<`data-${string}`, string | number | undefined>) {
  return (
    <Tag
      // j/k move among the cards (lib/palette/keyboard.ts: GRID_CARD_SELECTOR).
      data-card-grid=""
      aria-label={label}
      className={cn('grid items-start gap-4', className)}
      // In rem: a wall display's larger type (app/globals.css) widens the cards with it.
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(min(${minWidth / 16}rem, 100%), 1fr))` }}
      {...rest}
    >
      {children}
    </Tag>
  );
}
