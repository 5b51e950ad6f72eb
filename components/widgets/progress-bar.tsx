import * as React from 'react';
import { cn } from '@/lib/utils';
import { PROGRESS_COLOR_CLASS, progressStyle } from '@/lib/format/progress';
import { formatPercent } from '@/lib/format/percent';

export interface ProgressBarProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  value: number | null | undefined;
  max?: number;
  /** Accessible name, e.g. 'Memory'. */
  label?: string;
  /** Show the percentage next to the bar. */
  showValue?: boolean;
}

/** Progress bar: at least 5 % wide, orange above 75, red above 90. */
export function ProgressBar({ value, max = 100, label, showValue, className, ...props }: ProgressBarProps) {
  const s = progressStyle(value, max);
  return (
    <div className={cn('flex items-center gap-2', className)} {...props}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(s.percent * 10) / 10}
        aria-valuetext={formatPercent(s.percent)}
        data-color={s.color}
        className="h-2 w-full min-w-12 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', PROGRESS_COLOR_CLASS[s.color])}
          style={{ width: `${s.width}%` }}
        />
      </div>
      {showValue ? (
        <span className="text-xs tabular-nums text-muted-foreground">{formatPercent(s.percent)}</span>
      ) : null}
    </div>
  );
}
