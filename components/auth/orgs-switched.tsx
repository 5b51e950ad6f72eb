'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { dropOrganizationCacheAction } from '@/app/(auth)/organizations/orgs-switched/actions';

/** Drops every cached answer of the previous organization, in the browser and on the server, then goes home. */
export function OrgsSwitched() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const done = React.useRef(false);
  React.useEffect(() => {
    if (done.current) return;
    done.current = true;
    queryClient.clear();
    void dropOrganizationCacheAction().finally(() => {
      router.replace('/topology');
      router.refresh();
    });
  }, [queryClient, router]);
  return <p className="text-center text-sm text-muted-foreground">Switching organization…</p>;
}
