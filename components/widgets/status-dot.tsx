import * as React from 'react';
import { cn } from '@/lib/utils';
import { STATUS_COLOR_CLASS, statusDotColor } from '@/lib/format/status';

export interface StatusDotProps extends Omit<React.ComponentProps<'span'>, 'children'> {
  /** A status word (healthy, unhealthy, warning, unknown, …) or a good/not-good boolean. */
  status: string | boolean | null | undefined;
  /** Accessible text; defaults to the status. Pass '' to hide from assistive tech. */
  label?: string;
}

/** Coloured status dot per 001 §4 (red, gray, orange, otherwise green). */
export function StatusDot({ status, label, className, ...props }: StatusDotProps) {
  const color = statusDotColor(status);
  const text =
    label ?? (typeof status === 'boolean' ? (status ? 'good' : 'not good') : (status ?? 'unknown'));
  return (
    <span
      data-slot="status-dot"
      data-color={color}
      role={text ? 'img' : undefined}
      aria-label={text || undefined}
      aria-hidden={text ? undefined : true}
      title={text || undefined}
      className={cn('inline-block size-2.5 shrink-0 rounded-full', STATUS_COLOR_CLASS[color], className)}
      {...props}
    />
  );
}
