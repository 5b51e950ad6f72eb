'use client';

import type * as React from 'react';
import { useHealthView, type HealthView } from '@/components/health/use-health-view';
import type { HealthParams } from '@/lib/health/search';
import type { HealthCheck } from '@/lib/health/types';

/**
 * The board derived in the browser from every check, for a backend that does not page it (the real backend's
 * summary): the filters, tabs, grouping and sort of lib/health, loaded only then.
 */
export function DerivedBoard({
  checks,
  params,
  children,
}: {
  checks: readonly HealthCheck[];
  params: HealthParams;
  children: (view: HealthView) => React.ReactNode;
}) {
  return children(useHealthView(checks, params));
}
