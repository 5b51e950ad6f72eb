import type { UserRow } from '@/lib/access/users-queries';
import { defineSearchParams, param } from '@/lib/search-params/define';
import { sortParams } from '@/lib/search-params/table';
import { sortRowsByText } from '@/lib/sort-rows';

export const USER_SORTS = ['name', 'email', 'roles', 'state', 'created_at'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** The URL contract of /settings/users: the sort (by name unless the URL says otherwise) and `id`, the person whose dialog is open (userHref links to it). */
export const usersSearch = defineSearchParams({
  ...sortParams(USER_SORTS, { by: 'name' }),
  id: param.optionalString(),
});

const USER_SORT_TEXT: Record<UserSort, (user: UserRow) => string> = {
  name: (u) => u.name,
  email: (u) => u.email,
  roles: (u) => u.roles.join(', '),
  state: (u) => u.state,
  created_at: (u) => u.createdAt ?? '',
};

/** The users in the URL's order (the screen sorts: the list is merged from two requests in the browser); ties by name, then id. */
export const sortUsers = (users: readonly UserRow[], sortBy: UserSort | null, desc: boolean): UserRow[] =>
  sortRowsByText(users, USER_SORT_TEXT, sortBy ?? 'name', desc, [(u) => u.name, (u) => u.id]);
