import Link from 'next/link';
import { cn } from '@/lib/utils';

/**
 * A feature's sibling pages as a tab bar of links (each tab its own route): the current one underlined and marked
 * `aria-current="page"`.
 */
export function PageTabs({
  label,
  pages,
  current,
  className,
}: {
  /** The nav's accessible name ('Catalog pages'). */
  label: string;
  pages: readonly { href: string; label: string }[];
  current: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn('flex gap-1', className)}>
      {pages.map((p) => (
        <Link
          key={p.href}
          href={p.href}
          aria-current={p.href === current ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-3 py-2 text-sm whitespace-nowrap',
            p.href === current
              ? 'border-primary font-medium text-foreground'
              : 'border-transparent text-muted-foreground hover:text-foreground',
          )}
        >
          {p.label}
        </Link>
      ))}
    </nav>
  );
}
