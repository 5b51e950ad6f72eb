'use client';

import * as React from 'react';
import { ChevronRight } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Unauthorized } from '@/components/shell/unauthorized';
import { BackendError } from '@/lib/backend/errors';
import { cn } from '@/lib/utils';

/**
 * One collapsible section of the side panel. Its body mounts only while open, so a section's query runs the first
 * time it is expanded and never for sections nobody opens (upstream fetched all eight on mount).
 */
export function PanelSection({
  id,
  title,
  open,
  onToggle,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onToggle: (id: string) => void;
  children: React.ReactNode;
}) {
  const bodyId = `panel-section-${id}`;
  return (
    <section className="border-b border-border" data-section={id}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => onToggle(id)}
          className="flex w-full items-center gap-2 px-3 py-2.5 text-left text-sm font-semibold hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
        >
          <ChevronRight className={cn('size-4 transition-transform', open && 'rotate-90')} aria-hidden />
          {title}
        </button>
      </h3>
      {open && (
        <div id={bodyId} role="region" aria-label={title} className="px-3 pb-3">
          {children}
        </div>
      )}
    </section>
  );
}

export function SectionSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading" className="space-y-2 py-1">
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

/** Loading, error (Unauthorized for a 403), empty and data states of a section's query. */
export function QueryBody<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <SectionSkeleton />;
  if (query.isError) {
    if (query.error instanceof BackendError && query.error.status === 403) return <Unauthorized compact />;
    return (
      <div role="alert" className="flex flex-col items-start gap-2 py-1 text-sm">
        <p className="text-destructive">{query.error instanceof Error ? query.error.message : 'An error occurred'}</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (isEmpty(query.data)) return <p className="py-1 text-sm text-muted-foreground">{empty}</p>;
  return <>{children(query.data)}</>;
}

/** 'Showing 50 of 120' under a capped list. */
export function CappedNote({ shown, total }: { shown: number; total: number | undefined }) {
  if (total === undefined || total <= shown) return null;
  return (
    <p className="pt-2 text-xs text-muted-foreground">
      Showing {shown} of {total}
    </p>
  );
}
