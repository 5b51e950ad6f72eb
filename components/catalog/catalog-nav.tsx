import { PageTabs } from '@/components/widgets/page-tabs';

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
    <PageTabs
      label="Catalog pages"
      className="overflow-x-auto border-b border-border px-4"
      pages={PAGES.filter((p) => !('scrapers' in p) || canReadScrapers)}
      current={current}
    />
  );
}
