import type { Metadata } from 'next';
import { PermissionsList } from '@/components/access/permissions-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { hasAccess } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import { peopleQueries } from '@/lib/access/people-queries';
import { permissionQueries } from '@/lib/access/permissions-queries';
import { permissionsListParams, permissionsSearch } from '@/lib/access/permissions-search';
import type { SearchParamsSource } from '@/lib/search-params/define';

export const metadata: Metadata = { title: 'Permissions' };

/** /settings/permissions: every permission, server-paged, with its filters in the URL. */
export default async function PermissionsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  const session = await requireRouteAccess('/settings/permissions');
  const values = permissionsSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries
      queries={[
        permissionQueries.list(permissionsListParams(values, pageSize)),
        permissionQueries.picker('teams'),
        ...(hasAccess(session.grants, 'identities', 'read') ? [peopleQueries.list()] : []),
      ]}
    >
      <div className="p-4">
        <PermissionsList serverPageSize={pageSize} />
      </div>
    </PrefetchQueries>
  );
}
