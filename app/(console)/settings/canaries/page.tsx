import type { Metadata } from 'next';
import { ResourceListScreen } from '@/components/resources/resource-screens';

export const metadata: Metadata = { title: 'Health Check' };

/** /settings/canaries: the generic resource list (spec 000 §2). */
export default function Page() {
  return <ResourceListScreen table="canaries" />;
}
