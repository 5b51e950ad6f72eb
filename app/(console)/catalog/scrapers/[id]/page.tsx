import type { Metadata } from 'next';
import { ResourceDetailScreen } from '@/components/resources/resource-screens';

export const metadata: Metadata = { title: 'Catalog Scrapers' };

/** /catalog/scrapers/{id}: a config scraper on the generic resource page. */
export default function Page({ params }: { params: Promise<{ id: string }> }) {
  return <ResourceDetailScreen table="config_scrapers" params={params} />;
}
