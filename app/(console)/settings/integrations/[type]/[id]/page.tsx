import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { IntegrationDetail } from '@/components/integrations/integration-detail';
import { PrefetchQueries } from '@/components/providers/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { INTEGRATION_KINDS, isIntegrationKind } from '@/lib/integrations/integration-types';
import { resourceTableQueries } from '@/lib/queries/resource-tables';
import { settingsAdminQueries } from '@/lib/queries/settings-admin';

export const metadata: Metadata = { title: 'Integrations' };

/** /settings/integrations/{type}/{id}: type is scrapers, topologies or logging_backends (case-sensitive). */
export default async function IntegrationPage({ params }: { params: Promise<{ type: string; id: string }> }) {
  await requireRouteAccess('/settings/integrations/[type]/[id]');
  const { type, id } = await params;
  if (!isIntegrationKind(type)) notFound();
  const table = INTEGRATION_KINDS[type].table;
  const queries = table === 'logging_backends' ? [settingsAdminQueries.logBackend(id)] : [resourceTableQueries.record(table, id)];
  return (
    <PrefetchQueries queries={queries}>
      <IntegrationDetail kind={type} id={id} />
    </PrefetchQueries>
  );
}
