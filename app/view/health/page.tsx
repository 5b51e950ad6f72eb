import type { Metadata } from 'next';
import { HealthScreenPage } from '@/app/_pages/health-page';
import { requireRouteAccess } from '@/lib/auth/server';
import type { SearchParamsSource } from '@/lib/search-params/define';

export const metadata: Metadata = { title: 'Health' };

/** /view/health: the same health list without the sidebar, for wall displays (auto-refresh on by default). */
export default async function HealthViewPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  const session = await requireRouteAccess('/view/health');
  return <HealthScreenPage session={session} variant="view" search={await searchParams} />;
}
