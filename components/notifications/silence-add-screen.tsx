'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { NotificationTabs } from '@/components/notifications/notification-tabs';
import { QueryState } from '@/components/list/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { SilenceTargetKind } from '@/lib/notifications/endpoints';
import { notificationQueries } from '@/lib/notifications/queries';

// zod and react-hook-form load with the form, not with the page (docs/forms.md).
const SilenceForm = dynamic(
  () => import('@/components/notifications/silence-form').then((m) => m.SilenceForm),
  {
    ssr: false,
    loading: () => <Skeleton className="h-96 w-full" />,
  },
);

export interface SilenceTargetRef {
  kind: SilenceTargetKind;
  id: string;
}

function Heading({ name }: { name?: string | null }) {
  return (
    <h1 className="text-lg font-semibold">
      {name ? `Silence notifications for ${name}` : 'Add Notification Silence'}
    </h1>
  );
}

function PrefilledForm({ target }: { target: SilenceTargetRef }) {
  const query = useQuery(notificationQueries.target(target.kind, target.id));
  return (
    <QueryState
      query={query}
      empty="The resource to silence was not found"
      errorTitle="The resource to silence could not be loaded"
    >
      {(resource) => (
        <>
          <Heading name={resource.name} />
          <SilenceForm resource={{ ...resource, kind: target.kind }} />
        </>
      )}
    </QueryState>
  );
}

/** /notifications/silences/add: the form, prefilled from the resource a link named. */
export function SilenceAddScreen({ target }: { target: SilenceTargetRef | null }) {
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4">
      <NotificationTabs current="/notifications/silences" />
      {target ? (
        <PrefilledForm target={target} />
      ) : (
        <>
          <Heading />
          <SilenceForm resource={null} />
        </>
      )}
    </div>
  );
}
