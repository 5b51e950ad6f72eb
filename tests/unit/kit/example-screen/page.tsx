// docs/new-screen.md, step 5 — in the product: app/(console)/things/page.tsx (type-checked here, not run)
import type { Metadata } from 'next';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { thingQueries, thingsListParams } from './queries';
import { thingsSearch } from './search-params';
import { ThingsList } from './things-list';

export const metadata: Metadata = { title: 'Things' };

export default async function ThingsPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  await requireRouteAccess('/things');
  const values = thingsSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries queries={[thingQueries.list(thingsListParams(values, pageSize))]}>
      <ThingsList serverPageSize={pageSize} />
    </PrefetchQueries>
  );
}
