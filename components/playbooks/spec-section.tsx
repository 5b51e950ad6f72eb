'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';

// The spec viewer (CodeMirror) loads when a Spec section is first opened.
const RunSpecView = dynamic(() => import('@/components/playbooks/run-spec-view').then((m) => m.RunSpecView), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});

/** A playbook's or a run's spec as read-only YAML, in a closed section; the viewer loads when it is opened. */
export function SpecSection({ spec }: { spec: Record<string, unknown> }) {
  const [open, setOpen] = React.useState(false);
  return (
    <details className="rounded-md border border-border" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">Spec</summary>
      <div className="border-t border-border p-3">{open && <RunSpecView spec={spec} />}</div>
    </details>
  );
}
