import type { Metadata } from 'next';
import { ResourceDetailScreen } from '@/components/resources/resource-screens';

export const metadata: Metadata = { title: 'Health Check' };

/** /settings/canaries/{id}: the generic resource page (spec 000 §2, 001 §2.7). */
export default function Page({ params }: { params: Promise<{ id: string }> }) {
  return <ResourceDetailScreen table="canaries" params={params} />;
}
