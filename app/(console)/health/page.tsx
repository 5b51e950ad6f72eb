import type { Metadata } from 'next';
import { HealthScreenPage } from '@/app/_pages/health-page';
import { requireRouteAccess } from '@/lib/auth/server';
import type { SearchParamsSource } from '@/lib/search-params/define';

export const metadata: Metadata = { title: 'Health' };

/** /health: the health checks with filters, tabs and the check panel, all state in the URL. */
export default async function HealthPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  const session = await requireRouteAccess('/health');
  return <HealthScreenPage session={session} variant="console" search={await searchParams} />;
}
