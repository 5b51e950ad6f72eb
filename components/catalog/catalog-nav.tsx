import Link from 'next/link';
import { cn } from '@/lib/utils';

const PAGES = [
  { href: '/catalog', label: 'Catalog' },
  { href: '/catalog/changes', label: 'Changes' },
  { href: '/catalog/insights', label: 'Insights' },
  { href: '/catalog/scrapers', label: 'Scrapers', scrapers: true },
] as const;

/** The catalog's pages (upstream ConfigPageTabs); Scrapers only for those who may read config scrapers. */
export function CatalogNav({
  current,
  canReadScrapers,
}: {
  current: (typeof PAGES)[number]['href'];
  canReadScrapers: boolean;
}) {
  return (
    <nav aria-label="Catalog pages" className="flex gap-1 overflow-x-auto border-b border-border px-4">
      {PAGES.filter((p) => !('scrapers' in p) || canReadScrapers).map((p) => (
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
