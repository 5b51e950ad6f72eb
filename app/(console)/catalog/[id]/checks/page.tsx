import { ConfigChecks } from '@/components/catalog/config-checks';
import { PrefetchQueries } from '@/components/providers/prefetch-queries';
import { canRunChecks } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { configTabMetadata } from '@/lib/catalog/metadata';
import { catalogQueries } from '@/lib/queries/catalog';

type Props = { params: Promise<{ id: string }> };

export const generateMetadata = ({ params }: Props) => configTabMetadata(params, 'Checks');

/** /catalog/{id}/checks: the health checks linked to this item; a row opens the check panel. */
export default async function ConfigChecksPage({ params }: Props) {
  const session = await requireRouteAccess('/catalog/[id]/checks');
  const { id } = await params;
  return (
    <PrefetchQueries queries={[catalogQueries.checks(id)]}>
      <ConfigChecks configId={id} canRunChecks={canRunChecks(session.roles)} />
    </PrefetchQueries>
  );
}
