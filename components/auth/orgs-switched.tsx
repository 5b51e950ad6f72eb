'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { dropOrganizationCacheAction } from '@/lib/auth/actions/organization';
import { getQueryClient } from '@/lib/queries/query-client';

/** Drops every cached answer of the previous organization, in the browser and on the server, then goes home. */
export function OrgsSwitched() {
  const router = useRouter();
  const done = React.useRef(false);
  React.useEffect(() => {
    if (done.current) return;
    done.current = true;
    getQueryClient().clear();
    void dropOrganizationCacheAction().finally(() => {
      router.replace('/topology');
      router.refresh();
    });
  }, [router]);
  return <p className="text-center text-sm text-muted-foreground">Switching organization…</p>;
}
