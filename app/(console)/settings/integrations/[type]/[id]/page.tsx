import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { IntegrationDetail } from '@/components/operations/integration-detail';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { INTEGRATION_KINDS, isIntegrationKind } from '@/lib/operations/integration-types';
import { resourceTableQueries } from '@/lib/resources/queries';
import { settingsAdminQueries } from '@/lib/operations/queries';

export const metadata: Metadata = { title: 'Integrations' };

/** /settings/integrations/{type}/{id}: type is scrapers, topologies or logging_backends (case-sensitive). */
export default async function IntegrationPage({ params }: { params: Promise<{ type: string; id: string }> }) {
  await requireRouteAccess('/settings/integrations/[type]/[id]');
  const { type, id } = await params;
  if (!isIntegrationKind(type)) notFound();
  const table = INTEGRATION_KINDS[type].table;
  const queries =
    table === 'logging_backends'
      ? [settingsAdminQueries.logBackend(id)]
      : [resourceTableQueries.record(table, id)];
  return (
    <PrefetchQueries queries={queries}>
      <IntegrationDetail kind={type} id={id} />
    </PrefetchQueries>
  );
}
