'use client';

import { RefreshButton } from '@/components/shell/header-extra';
import { NativeSelect } from '@/components/ui/native-select';
import { REFRESH_RATE_OPTIONS, type RefreshRate } from '@/lib/constants';
import { cn } from '@/lib/utils';

/**
 * The refresh button and the auto-refresh select (spec 001 §9: None, 15s, 30s, 60s, 2m … 15m). The screen keeps
 * the rate in its URL state and passes `refreshRateToMs(rate)` to its query's refetchInterval.
 */
export function RefreshControls({
  rate,
  onRateChange,
  onRefresh,
  refreshing,
  className,
}: {
  rate: RefreshRate;
  onRateChange: (rate: RefreshRate) => void;
  onRefresh: () => void;
  refreshing: boolean;
  className?: string;
}) {
  return (
    <div className="flex items-center gap-1">
      <NativeSelect
        aria-label="Auto refresh"
        value={rate}
        onChange={(event) => onRateChange(event.target.value as RefreshRate)}
        className={cn('w-24', className)}
      >
        {REFRESH_RATE_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
      <RefreshButton onRefresh={onRefresh} refreshing={refreshing} />
    </div>
  );
}

/**
 * RefreshControls bound to a list's URL state (its contract spreads `refreshParam()`) and its query: the select
 * writes `refresh`, the button refetches.
 */
export function UrlRefreshControls({
  urlState,
  query,
  className,
}: {
  /** The screen's useUrlState(contract) result. */
  urlState: readonly [{ refresh: RefreshRate }, (patch: { refresh: RefreshRate }) => void, ...unknown[]];
  query: { refetch: () => unknown; isFetching: boolean };
  className?: string;
}) {
  const [values, update] = urlState;
  return (
    <RefreshControls
      rate={values.refresh}
      onRateChange={(refresh) => update({ refresh })}
      onRefresh={() => void query.refetch()}
      refreshing={query.isFetching}
      className={className}
    />
  );
}
