'use client';

import { useAccess, useSession } from '@/components/shell/session-provider';
import { isAdmin } from '@/lib/auth/capabilities';
import type { ResourceArea } from '@/lib/auth/permissions';

/**
 * Whether to offer a write the real backend allows to admins only (backend-contract §3.4: database.system,
 * database.config_scrapers, database.monitor) although the console's role table grants the area to editors too:
 * the console's grant and the admin role, so no button leads to a refusal.
 */
export function useAdminOnlyWrite(area: ResourceArea): boolean {
  const session = useSession();
  const { can } = useAccess();
  return Boolean(session && isAdmin(session.roles) && can(area, 'write'));
}
