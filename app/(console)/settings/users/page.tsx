import type { Metadata } from 'next';
import { PrefetchQueries } from '@/components/providers/prefetch-queries';
import { UsersList } from '@/components/users/users-list';
import { requireRouteAccess } from '@/lib/auth/server';
import { userQueries } from '@/lib/queries/users';

export const metadata: Metadata = { title: 'Users' };

/** /settings/users: who can sign in, their roles and state; invite, edit and delete for who may write identities. */
export default async function UsersPage() {
  await requireRouteAccess('/settings/users');
  return (
    <PrefetchQueries queries={[userQueries.list()]}>
      <UsersList />
    </PrefetchQueries>
  );
}
