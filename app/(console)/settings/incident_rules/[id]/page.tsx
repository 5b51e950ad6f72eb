import type { Metadata } from 'next';
import { ResourceDetailScreen } from '@/components/resources/resource-screens';

export const metadata: Metadata = { title: 'Rules' };

/** /settings/incident_rules/{id}: the generic resource page (spec 000 §2, 001 §2.7). */
export default function Page({ params }: { params: Promise<{ id: string }> }) {
  return <ResourceDetailScreen table="incident_rules" params={params} />;
}
