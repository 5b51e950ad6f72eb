'use client';

import * as React from 'react';
import { hasAccess, type AccessGrants, type Action } from '@/lib/auth/grants';
import type { ResourceArea, Role } from '@/lib/auth/permissions';
import { isFeatureDisabled, type Feature, type FeatureProperties } from '@/lib/feature-flags';
import type { AuthMode } from '@/lib/routes';

/** The session as the browser may see it: who, roles, grants and flags; never a token. */
export interface ClientSession {
  mode: AuthMode;
  user: { id: string; name: string; email?: string; avatar?: string };
  roles: Role[];
  grants: AccessGrants;
  features: FeatureProperties;
  /** Gated route patterns this person may not open (lib/auth/access.ts closedRoutes): links to them are not offered. */
  closedRoutes: string[];
}

const SessionContext = React.createContext<ClientSession | null>(null);

export function SessionProvider({
  session,
  children,
}: {
  session: ClientSession | null;
  children: React.ReactNode;
}) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): ClientSession | null {
  return React.useContext(SessionContext);
}

/** UI checks only hide or disable; every entry point checks again on the server. */
export function useAccess() {
  const session = useSession();
  return React.useMemo(
    () => ({
      can: (area: ResourceArea, action: Action) =>
        session ? hasAccess(session.grants, area, action) : false,
      featureEnabled: (feature: Feature) => (session ? !isFeatureDisabled(feature, session.features) : true),
      /** Whether a link to the route (its registry pattern, '/incidents/[id]') may be offered. */
      canOpen: (pattern: string) => (session ? !session.closedRoutes.includes(pattern) : false),
    }),
    [session],
  );
}
