'use client';

import * as React from 'react';
import { ChevronRight } from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';
import { Skeleton } from '@/components/ui/skeleton';
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
          <StaticIcon
            icon={ChevronRight}
            className={cn('size-4 transition-transform', open && 'rotate-90')}
          />
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

/** 'Showing 50 of 120' under a capped list. */
export function CappedNote({ shown, total }: { shown: number; total: number | undefined }) {
  if (total === undefined || total <= shown) return null;
  return (
    <p className="pt-2 text-xs text-muted-foreground">
      Showing {shown} of {total}
    </p>
  );
}
