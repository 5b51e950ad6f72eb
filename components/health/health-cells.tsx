'use client';

import * as React from 'react';
import { formatDuration } from '@/lib/format/duration';
import { formatUptime } from '@/lib/format/percent';
import { STATUS_COLOR_CLASS } from '@/lib/format/status';
import { groupUptimeLabel, latencyOf, type HealthGroup } from '@/lib/health/grouping';
import { healthDotColor, HEALTH_STATE_LABEL, type HealthState } from '@/lib/health/health-dot';
import type { HealthCheck } from '@/lib/health/types';
import { cn } from '@/lib/utils';

/** The health dot with its state in words, so colour is never the only signal. */
export function HealthDot({ state, className }: { state: HealthState; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span
        aria-hidden
        className={cn(
          'inline-block size-2.5 shrink-0 rounded-full',
          STATUS_COLOR_CLASS[healthDotColor(state)],
        )}
      />
      <span>{HEALTH_STATE_LABEL[state]}</span>
    </span>
  );
}

export function checkState(check: HealthCheck): HealthState {
  return check.status === 'healthy' ? 'healthy' : 'unhealthy';
}

export function CheckUptime({ check }: { check: HealthCheck }) {
  const text = formatUptime(check.uptime.passed, check.uptime.failed);
  return text ? (
    <span title={`${check.uptime.passed} passed, ${check.uptime.failed} failed`}>{text}</span>
  ) : (
    <span>–</span>
  );
}

export function GroupUptime({ group }: { group: HealthGroup }) {
  return (
    <span title={`${group.fullyUp} of ${group.total} checks fully up`}>
      {groupUptimeLabel(group)}
      <span className="sr-only"> fully up</span>
    </span>
  );
}

export function Latency({ ms }: { ms: number | undefined }) {
  return <span>{ms === undefined ? '–' : formatDuration(ms)}</span>;
}

export function CheckLatency({ check }: { check: HealthCheck }) {
  return <Latency ms={latencyOf(check)} />;
}

// The transition cell is the kit's lazily formatted time (components/widgets/lazy-age.tsx).
export { LazyAge as Transition } from '@/components/widgets/lazy-age';
