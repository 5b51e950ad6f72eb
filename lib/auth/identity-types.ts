import type { AccessGrants, Role } from '@/lib/auth/permissions';
import type { FeatureProperties } from '@/lib/feature-flags';

export interface IdentityUser {
  id: string;
  name: string;
  email?: string;
  avatar?: string;
}

/** What whoami and the feature flags tell about a person. */
export interface Identity {
  user: IdentityUser;
  roles: Role[];
  grants: AccessGrants;
  features: FeatureProperties;
}
