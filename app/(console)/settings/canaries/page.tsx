import type { Metadata } from 'next';
import { resourceListPage } from '@/app/_pages/resource-pages';

export const metadata: Metadata = { title: 'Health Check' };

/** /settings/canaries: the generic resource list (spec 000 §2). */
export default resourceListPage('canaries');
