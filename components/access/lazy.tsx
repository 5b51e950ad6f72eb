'use client';

import dynamic from 'next/dynamic';

/** A team's Members and Permissions tabs, for the team's resource page: each loads when its tab opens. */
export const LazyTeamMembers = dynamic(() => import('./team-members').then((m) => m.TeamMembers), {
  ssr: false,
});
export const LazyPermissionsList = dynamic(
  () => import('./permissions-list').then((m) => m.PermissionsList),
  {
    ssr: false,
  },
);
