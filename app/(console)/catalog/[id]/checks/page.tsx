import { ConfigChecks } from '@/components/catalog/config-checks';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { canRunChecks } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { configTabMetadata } from '@/lib/catalog/metadata';
import { getTablePageSize } from '@/lib/preferences/server';
import { catalogQueries } from '@/lib/catalog/queries';
import { configChecksParams } from '@/lib/catalog/view-requests';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { configChecksSearch } from '@/lib/catalog/view-search';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParamsSource> };

export const generateMetadata = ({ params }: Props) => configTabMetadata(params, 'Checks');

/** /catalog/{id}/checks: the health checks linked to this item; a row opens the check panel. */
export default async function ConfigChecksPage({ params, searchParams }: Props) {
  const session = await requireRouteAccess('/catalog/[id]/checks');
  const { id } = await params;
  const values = configChecksSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries queries={[catalogQueries.checks(configChecksParams(id, values, pageSize))]}>
      <ConfigChecks
        configId={id}
        serverPageSize={pageSize}
        canRunChecks={canRunChecks(session.roles, session.grants)}
      />
    </PrefetchQueries>
  );
}
