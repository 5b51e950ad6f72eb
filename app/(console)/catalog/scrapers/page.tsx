import type { Metadata } from 'next';
import { resourceListPage } from '@/app/_pages/resource-pages';

export const metadata: Metadata = { title: 'Catalog Scrapers' };

/** /catalog/scrapers: the config scrapers on the generic resource list (spec 000 §2). */
export default resourceListPage('config_scrapers');
