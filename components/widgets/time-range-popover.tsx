'use client';

import * as React from 'react';
import { XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { FUTURE_RELATIVE_RANGES, PAST_RELATIVE_RANGES } from '@/lib/time-range/picker-ranges';
import { MAPPED_RANGES } from '@/lib/time-range/ranges';
import { sameTimeRange } from '@/lib/time-range/resolve';
import { loadRecentRanges, rememberRecentRange } from '@/lib/time-range/recent';
import { toLocalInputValue, validateAbsoluteInput } from '@/lib/time-range/absolute';
import type { AbsoluteTimeRange, TimeRange } from '@/lib/time-range/types';

import { TimeRangeTrigger, type TimeRangePickerProps } from '@/components/widgets/time-range-trigger';

function OptionButton({
  selected,
  onClick,
  children,
}: {
  selected: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={cn(
        'w-full rounded-sm px-2 py-1 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'bg-accent font-medium text-accent-foreground',
      )}
    >
      {children}
    </button>
  );
}

/** One list of ranges to pick from (recent, past, future, mapped); the current one is pressed. */
function RangeOptions({
  ranges,
  value,
  onChoose,
  className,
}: {
  ranges: readonly TimeRange[];
  className?: string;
  value: TimeRange | null | undefined;
  onChoose: (range: TimeRange) => void;
}) {
  return (
    <ul className={className}>
      {ranges.map((r) => (
        <li key={r.type === 'relative' ? r.range : `${r.display}|${r.from}|${r.to}`}>
          <OptionButton selected={sameTimeRange(value, r)} onClick={() => onChoose(r)}>
            {r.display}
          </OptionButton>
        </li>
      ))}
    </ul>
  );
}

function Section({
  title,
  children,
  className,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  const id = React.useId();
  return (
    <section aria-labelledby={id} className={cn('flex min-w-0 flex-col gap-2', className)}>
      <h3 id={id} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The time-range picker's popover: three sections (absolute, relative, mapped) and Clear, with Radix Popover; loaded
 * by TimeRangePicker on first use. Controlled: `value` and `onChange` (UrlTimeRangePicker binds them to the URL).
 */
export function TimeRangePopover({
  value,
  onChange,
  timezone,
  showFuture = true,
  placeholder,
  className,
  disabled,
  defaultOpen = false,
}: TimeRangePickerProps & { defaultOpen?: boolean }) {
  const [open, setOpen] = React.useState(defaultOpen);
  const initial = (at: 'from' | 'to') =>
    defaultOpen && value?.type === 'absolute' ? toLocalInputValue(value[at], timezone) : '';
  const [from, setFrom] = React.useState(() => initial('from'));
  const [to, setTo] = React.useState(() => initial('to'));
  const [recent, setRecent] = React.useState<AbsoluteTimeRange[]>(() =>
    defaultOpen ? loadRecentRanges() : [],
  );
  const fromId = React.useId();
  const toId = React.useId();
  const errorId = React.useId();

  const onOpenChange = (next: boolean) => {
    if (next) {
      setRecent(loadRecentRanges());
      if (value?.type === 'absolute') {
        setFrom(toLocalInputValue(value.from, timezone));
        setTo(toLocalInputValue(value.to, timezone));
      }
    }
    setOpen(next);
  };

  const choose = (range: TimeRange | null) => {
    onChange(range);
    setOpen(false);
  };

  const validation = validateAbsoluteInput(from, to, timezone);

  const submitAbsolute = (e: React.FormEvent) => {
    e.preventDefault();
    if (!validation.valid) return;
    setRecent(rememberRecentRange(validation.range));
    choose(validation.range);
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <TimeRangeTrigger value={value} placeholder={placeholder} className={className} disabled={disabled} />
      </PopoverTrigger>
      <PopoverContent align="start" className="w-[min(95vw,46rem)] p-3" aria-label="Time range">
        <div className="grid max-h-[70vh] gap-4 overflow-y-auto md:grid-cols-[1.3fr_1fr_1fr]">
          <Section title="Absolute time range">
            <form onSubmit={submitAbsolute} className="flex flex-col gap-2" noValidate>
              <div className="flex flex-col gap-1">
                <Label htmlFor={fromId}>From</Label>
                <Input
                  id={fromId}
                  type="datetime-local"
                  value={from}
                  onChange={(e) => setFrom(e.target.value)}
                  aria-invalid={validation.error?.startsWith('From') || undefined}
                  aria-describedby={validation.error ? errorId : undefined}
                />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={toId}>To</Label>
                <Input
                  id={toId}
                  type="datetime-local"
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                  aria-invalid={validation.error?.startsWith('To') || undefined}
                  aria-describedby={validation.error ? errorId : undefined}
                />
              </div>
              {validation.error ? (
                <p id={errorId} role="alert" className="text-xs text-destructive">
                  {validation.error}
                </p>
              ) : null}
              <Button type="submit" size="sm" disabled={!validation.valid} className="self-start">
                Submit
              </Button>
            </form>
            {recent.length > 0 ? (
              <div className="flex flex-col gap-1">
                <h4 className="text-xs text-muted-foreground">Recently used absolute time ranges</h4>
                <RangeOptions className="flex flex-col" ranges={recent} value={value} onChoose={choose} />
              </div>
            ) : null}
          </Section>
          <Section title="Relative time ranges">
            <div role="group" aria-label="Past">
              <h4 className="px-2 text-xs text-muted-foreground">Past</h4>
              <RangeOptions ranges={PAST_RELATIVE_RANGES} value={value} onChoose={choose} />
            </div>
            {showFuture ? (
              <div role="group" aria-label="Future">
                <h4 className="px-2 text-xs text-muted-foreground">Future</h4>
                <RangeOptions ranges={FUTURE_RELATIVE_RANGES} value={value} onChoose={choose} />
              </div>
            ) : null}
          </Section>
          <Section title="Mapped time ranges">
            <RangeOptions ranges={MAPPED_RANGES} value={value} onChoose={choose} />
          </Section>
        </div>
        <div className="mt-3 flex justify-end border-t border-border pt-3">
          <Button variant="ghost" size="sm" onClick={() => choose(null)}>
            <XIcon />
            Clear
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
