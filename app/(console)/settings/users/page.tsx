import type { Metadata } from 'next';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { ClerkUsersNote } from '@/components/access/clerk-users-note';
import { UsersList } from '@/components/access/users-list';
import { clerkOrganizationSettingsUrl } from '@/lib/auth/clerk/account-portal';
import { authMode, requireRouteAccess } from '@/lib/auth/server';
import { getEnv } from '@/lib/env';
import { userQueries } from '@/lib/access/users-queries';

export const metadata: Metadata = { title: 'Users' };

/**
 * /settings/users: who can sign in, their roles and state; invite, edit and delete for who may write identities.
 * With Clerk the organization's settings manage its members: the page links there.
 */
export default async function UsersPage() {
  await requireRouteAccess('/settings/users');
  if (authMode() === 'clerk')
    return (
      <ClerkUsersNote
        organizationSettingsUrl={clerkOrganizationSettingsUrl(getEnv().NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY)}
      />
    );
  return (
    <PrefetchQueries queries={[userQueries.list()]}>
      <UsersList />
    </PrefetchQueries>
  );
}
