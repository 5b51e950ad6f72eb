import type { Metadata } from 'next';
import { HealthScreen } from '@/components/health/health-screen';
import { requireRouteAccess } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Health' };

/** /health: the health checks with filters, tabs and the check panel, all state in the URL. */
export default async function HealthPage() {
  const session = await requireRouteAccess('/health');
  return <HealthScreen session={session} variant="console" />;
}
