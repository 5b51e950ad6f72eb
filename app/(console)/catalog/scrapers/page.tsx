import type { Metadata } from 'next';
import { ResourceListScreen } from '@/components/resources/resource-list-screen';
import type { SearchParamsSource } from '@/lib/search-params/define';

export const metadata: Metadata = { title: 'Catalog Scrapers' };

/** /catalog/scrapers: the config scrapers on the generic resource list (spec 000 §2). */
export default function Page({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  return <ResourceListScreen searchParams={searchParams} table="config_scrapers" />;
}
