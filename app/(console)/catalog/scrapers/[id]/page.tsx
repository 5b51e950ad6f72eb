import type { Metadata } from 'next';
import { resourceDetailPage } from '@/app/_pages/resource-pages';

export const metadata: Metadata = { title: 'Catalog Scrapers' };

/** /catalog/scrapers/{id}: a config scraper on the generic resource page. */
export default resourceDetailPage('config_scrapers');
