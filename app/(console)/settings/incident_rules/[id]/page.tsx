import type { Metadata } from 'next';
import { resourceDetailPage } from '@/app/_pages/resource-pages';

export const metadata: Metadata = { title: 'Rules' };

/** /settings/incident_rules/{id}: the generic resource page (spec 000 §2, 001 §2.7). */
export default resourceDetailPage('incident_rules');
