'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { Filter, LayoutGrid, Rows3, Type, type IconNode } from 'lucide';
import { EmptyState } from '@/components/shell/empty-state';
import { HeaderExtra, RefreshButton } from '@/components/shell/header-extra';
import { PageSkeleton } from '@/components/shell/page-skeleton';
import { Unauthorized } from '@/components/shell/unauthorized';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { StaticIcon } from '@/components/ui/static-icon';
import { NativeSelect } from '@/components/ui/native-select';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { HealthFilterPanel } from '@/components/health/health-filter-panel';
import { HealthTable } from '@/components/health/health-table';
import { HealthTabs } from '@/components/health/health-tabs';
import { useHealthParams } from '@/components/health/use-health-params';
import { useAgentNames, useHealthSummary, type InitialHealthChecks } from '@/components/health/use-health-summary';
import { BackendError } from '@/lib/backend/errors';
import { NIL_AGENT_ID, REFRESH_RATE_OPTIONS, SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { refreshRateToMs } from '@/lib/format/refresh-rate';
import { filterChecks, labelOptionsOf, tabsOf, tabValueOf } from '@/lib/health/filters';
import { groupChecks } from '@/lib/health/grouping';
import { sortGroups } from '@/lib/health/sorting';
import { checkTimeRange } from '@/lib/health/time-range';
import type { HealthCheck } from '@/lib/health/types';
import { configureApiFetch } from '@/lib/queries/api-fetch';
import {
  activeFilterCount,
  ALL_TAB,
  BUILTIN_GROUP_BY,
  CONSOLE_DEFAULTS,
  healthQueryString,
  NO_PIVOT,
  VIEW_DEFAULTS,
  type HealthLayout,
  type HealthParams,
  type RefreshRate,
} from '@/lib/search-params/health';
import { cn } from '@/lib/utils';

// The check panel (chart, code view) loads only when a check is opened.
const CheckPanel = dynamic(() => import('@/components/health/check-panel').then((m) => m.CheckPanelWithQueries), {
  ssr: false,
});
// The narrow-screen filter sheet (Radix dialog) loads when the Filters button is first used.
/** The Layout toggle's buttons, in order. */
const LAYOUT_CHOICES: readonly { layout: HealthLayout; label: string; icon: IconNode }[] = [
  { layout: 'table', label: 'Table layout', icon: Rows3 },
  { layout: 'card', label: 'Card layout', icon: LayoutGrid },
];

const loadFilterSheet = () => import('@/components/health/health-filter-sheet').then((m) => m.HealthFilterSheet);
const HealthFilterSheet = dynamic(loadFilterSheet, { ssr: false });
// The card and pivot layouts and the error panel are not the default view: loaded (and server-rendered) when shown.
const HealthCards = dynamic(() => import('@/components/health/health-cards').then((m) => m.HealthCards));
const HealthPivotTable = dynamic(() => import('@/components/health/health-pivot-table').then((m) => m.HealthPivotTable));
const ErrorPanel = dynamic(() => import('@/components/shell/error-panel').then((m) => m.ErrorPanel));

const GROUP_BY_LABELS: Record<(typeof BUILTIN_GROUP_BY)[number], string> = {
  'no-group': 'No Grouping',
  canary_name: 'Canary',
  name: 'Name',
  description: 'Description',
  type: 'Type',
};

export interface HealthDashboardProps {
  summaryPath: string;
  variant: 'console' | 'view';
  /** Run Now is shown to admin, editor, responder and commander only (decided on the server). */
  canRunChecks: boolean;
  standalone: boolean;
  /** The server's summary (columnar), null when the server could not load it. */
  initial?: InitialHealthChecks | null;
}

/** The search box keeps its own text and writes the URL 400 ms after the last keystroke (spec 001 §5). */
function SearchBox({
  value,
  onChange,
  large,
}: {
  value: string;
  onChange: (value: string) => void;
  large?: boolean;
}) {
  const [text, setText] = React.useState(value);
  const last = React.useRef(value);
  React.useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);
  React.useEffect(() => {
    if (text === last.current) return;
    const timer = setTimeout(() => {
      last.current = text;
      onChange(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);
  return (
    <Input
      type="search"
      aria-label="Search checks"
      placeholder="Search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      className={cn('w-56', large && 'h-11 text-lg')}
    />
  );
}

/** /health and /view/health: filters, tabs and the list over the health summary, all state in the URL. */
export function HealthDashboard({ summaryPath, variant, canRunChecks, standalone, initial }: HealthDashboardProps) {
  // Standalone mode has no sign-in to send a 401 to; set before the first request (idempotent).
  if (standalone) configureApiFetch({ authMode: 'none' });
  const defaults = variant === 'view' ? VIEW_DEFAULTS : CONSOLE_DEFAULTS;
  const [params, setParams] = useHealthParams(defaults);
  const refreshMs = refreshRateToMs(params.refresh);
  const query = useHealthSummary(summaryPath, { initial, refetchIntervalMs: refreshMs });
  const { refetch } = query;
  const [filtersOpen, setFiltersOpen] = React.useState(false);
  // Mounted from the first opening on, so that closing still animates and focus returns to the button.
  const [filterSheetUsed, setFilterSheetUsed] = React.useState(false);
  const openFilters = React.useCallback(() => {
    setFilterSheetUsed(true);
    setFiltersOpen(true);
  }, []);

  // The spec re-fetches when the time range changes; refetch() aborts a request still in flight.
  const timeRangeRef = React.useRef(params.timeRange);
  React.useEffect(() => {
    if (timeRangeRef.current === params.timeRange) return;
    timeRangeRef.current = params.timeRange;
    refetch();
  }, [params.timeRange, refetch]);

  const checks: readonly HealthCheck[] = React.useMemo(() => query.data ?? [], [query.data]);
  const labelOptions = React.useMemo(() => labelOptionsOf(checks), [checks]);
  const labelKeys = React.useMemo(() => labelOptionsOf(checks).map((o) => o.key), [checks]);
  const tabs = React.useMemo(() => tabsOf(checks, params.tabBy), [checks, params.tabBy]);
  const activeTab = tabs.includes(params.tab) ? params.tab : ALL_TAB;

  const untabbed = React.useMemo(
    () =>
      filterChecks(checks, {
        query: params.query,
        hidePassing: params.hidePassing,
        labels: params.labels,
        tabBy: params.tabBy,
        tab: ALL_TAB,
      }),
    [checks, params.query, params.hidePassing, params.labels, params.tabBy],
  );
  const tabCounts = React.useMemo(() => {
    const counts = new Map<string, number>([[ALL_TAB, untabbed.length]]);
    for (const check of untabbed) {
      const value = tabValueOf(check, params.tabBy);
      if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return counts;
  }, [untabbed, params.tabBy]);
  const visible = React.useMemo(
    () =>
      activeTab === ALL_TAB
        ? untabbed
        : untabbed.filter((check) => tabValueOf(check, params.tabBy) === activeTab),
    [untabbed, activeTab, params.tabBy],
  );
  const groups = React.useMemo(
    () => sortGroups(groupChecks(visible, params.groupBy), params.sortBy, params.sortDesc),
    [visible, params.groupBy, params.sortBy, params.sortDesc],
  );

  const agentIds = React.useMemo(
    () => (params.tabBy === 'agent_id' ? tabs.filter((t) => t !== ALL_TAB) : []),
    [tabs, params.tabBy],
  );
  const agentNames = useAgentNames(agentIds, params.tabBy === 'agent_id');
  const tabLabel = React.useCallback(
    (tab: string) =>
      params.tabBy !== 'agent_id' || tab === ALL_TAB
        ? tab
        : tab === NIL_AGENT_ID
          ? 'local'
          : (agentNames?.get(tab) ?? tab),
    [params.tabBy, agentNames],
  );

  const update = React.useCallback((patch: Partial<HealthParams>) => void setParams(patch), [setParams]);
  const onSearch = React.useCallback((value: string) => update({ query: value }), [update]);
  const checkLink = React.useCallback(
    (check: HealthCheck) => ({ checkId: check.id, timeRange: checkTimeRange(null, check.last_runtime) }),
    [],
  );
  const checkHref = React.useCallback(
    (check: HealthCheck) => `?${healthQueryString({ ...params, ...checkLink(check) }, defaults)}`,
    [params, defaults, checkLink],
  );
  const openCheck = React.useCallback(
    (check: HealthCheck) => void setParams(checkLink(check), { history: 'push' }),
    [setParams, checkLink],
  );
  const closeCheck = React.useCallback(
    () => void setParams({ checkId: null, timeRange: null }, { history: 'push' }),
    [setParams],
  );

  const large = variant === 'view' && params.large;
  const filterCount = activeFilterCount(params);
  const panelId = React.useId();
  const error = query.error;
  const forbidden = error instanceof BackendError && error.status === 403;
  const groupByOptions = [
    ...BUILTIN_GROUP_BY.map((value) => ({ value, label: GROUP_BY_LABELS[value] })),
    ...labelKeys.map((key) => ({ value: key, label: `Label: ${key}` })),
  ];
  if (!groupByOptions.some((o) => o.value === params.groupBy))
    groupByOptions.push({ value: params.groupBy, label: `Label: ${params.groupBy}` });
  const tabByOptions = [
    { value: 'namespace', label: 'Namespace' },
    { value: 'agent_id', label: 'Agent' },
    ...labelKeys.map((key) => ({ value: key, label: `Label: ${key}` })),
  ];
  if (!tabByOptions.some((o) => o.value === params.tabBy))
    tabByOptions.push({ value: params.tabBy, label: `Label: ${params.tabBy}` });

  const filterPanel = (
    <HealthFilterPanel
      hidePassing={params.hidePassing}
      onHidePassingChange={(hidePassing) => update({ hidePassing })}
      labelOptions={labelOptions}
      labels={params.labels}
      onLabelsChange={(labels) => update({ labels })}
    />
  );

  const refreshControls = (
    <div className="flex items-center gap-1">
      <NativeSelect
        aria-label="Auto refresh"
        value={params.refresh}
        onChange={(event) => update({ refresh: event.target.value as RefreshRate })}
        className={cn('w-24', large && 'h-11 text-lg')}
      >
        {REFRESH_RATE_OPTIONS.map((rate) => (
          <option key={rate} value={rate}>
            {rate}
          </option>
        ))}
      </NativeSelect>
      <RefreshButton onRefresh={refetch} refreshing={query.isFetching} />
    </div>
  );

  let body: React.ReactNode;
  if (forbidden) body = <Unauthorized />;
  else if (error && !query.data)
    body = <ErrorPanel error={error} title="The health checks could not be loaded" hideDetails />;
  else if (query.isPending) body = <PageSkeleton />;
  else if (groups.length === 0) body = <EmptyState title="No data available" />;
  else if (params.pivotBy !== NO_PIVOT)
    body = (
      <HealthPivotTable
        checks={visible}
        pivotBy={params.pivotBy}
        checkHref={checkHref}
        onOpenCheck={openCheck}
      />
    );
  else if (params.layout === 'card')
    body = (
      <HealthCards
        groups={groups}
        grouped={params.groupBy !== 'no-group'}
        checkHref={checkHref}
        onOpenCheck={openCheck}
        large={large}
      />
    );
  else
    body = (
      <HealthTable
        groups={groups}
        sortBy={params.sortBy}
        sortDesc={params.sortDesc}
        onSort={(sortBy, sortDesc) => update({ sortBy, sortDesc })}
        checkHref={checkHref}
        onOpenCheck={openCheck}
        large={large}
        expandAll={params.query.trim() !== ''}
      />
    );

  return (
    <div className={cn('flex min-h-0 flex-1', large && 'text-lg')}>
      {variant === 'console' && <HeaderExtra>{refreshControls}</HeaderExtra>}
      <aside aria-label="Filters" className="hidden w-64 shrink-0 border-r border-border p-4 2xl:block">
        {filterPanel}
      </aside>
      {filterSheetUsed && (
        <HealthFilterSheet open={filtersOpen} onOpenChange={setFiltersOpen}>
          {filterPanel}
        </HealthFilterSheet>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        {variant === 'view' && (
          <h1 className={cn('font-semibold', large ? 'text-3xl' : 'text-xl')}>Health</h1>
        )}
        <div role="toolbar" aria-label="List options" className="flex flex-wrap items-end gap-3">
          <Button
            variant="outline"
            className="relative 2xl:hidden"
            onClick={openFilters}
            onPointerEnter={() => void loadFilterSheet().catch(() => undefined)}
            onFocus={() => void loadFilterSheet().catch(() => undefined)}
            aria-label={`Filters (${filterCount} active)`}
          >
            <StaticIcon icon={Filter} className="size-4" />
            Filters
            {filterCount > 0 && (
              <Badge className="ml-1 px-1.5" aria-hidden>
                {filterCount}
              </Badge>
            )}
          </Button>
          <SearchBox value={params.query} onChange={onSearch} large={large} />
          <NativeSelectField label="Group By">
            <NativeSelect
              value={params.groupBy}
              onChange={(e) => update({ groupBy: e.target.value })}
              className={cn(large && 'h-11 text-lg')}
            >
              {groupByOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </NativeSelectField>
          <NativeSelectField label="Tab By">
            <NativeSelect
              value={params.tabBy}
              onChange={(e) => update({ tabBy: e.target.value, tab: ALL_TAB })}
              className={cn(large && 'h-11 text-lg')}
            >
              {tabByOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </NativeSelectField>
          <NativeSelectField label="Pivot By">
            <NativeSelect
              value={params.pivotBy}
              onChange={(e) => update({ pivotBy: e.target.value })}
              className={cn(large && 'h-11 text-lg')}
            >
              <option value={NO_PIVOT}>None</option>
              {labelKeys.map((key) => (
                <option key={key} value={key}>
                  Label: {key}
                </option>
              ))}
            </NativeSelect>
          </NativeSelectField>
          <div role="group" aria-label="Layout" className="flex gap-1">
            {LAYOUT_CHOICES.map(({ layout, label, icon }) => (
              <Button
                key={layout}
                variant={params.layout === layout ? 'secondary' : 'ghost'}
                size="icon"
                aria-label={label}
                aria-pressed={params.layout === layout}
                onClick={() => update({ layout })}
              >
                <StaticIcon icon={icon} />
              </Button>
            ))}
          </div>
          {variant === 'view' && (
            <>
              <Button
                variant={params.large ? 'secondary' : 'ghost'}
                size="icon"
                aria-label="Large type"
                aria-pressed={params.large}
                onClick={() => update({ large: !params.large })}
              >
                <StaticIcon icon={Type} />
              </Button>
              {refreshControls}
            </>
          )}
        </div>
        {error && query.data && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm">
            Refreshing failed: {error.message}. Showing the last loaded checks.
          </p>
        )}
        {tabs.length > 1 && (
          <HealthTabs
            tabs={tabs}
            value={activeTab}
            onChange={(tab) => update({ tab })}
            label={`Tabs by ${params.tabBy === 'agent_id' ? 'agent' : params.tabBy}`}
            panelId={`${panelId}-panel`}
            counts={tabCounts}
            renderLabel={tabLabel}
          />
        )}
        <div
          id={`${panelId}-panel`}
          role={tabs.length > 1 ? 'tabpanel' : undefined}
          aria-labelledby={tabs.length > 1 ? `${panelId}-panel-tab-${tabs.indexOf(activeTab)}` : undefined}
        >
          {body}
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {query.data ? `${visible.length} checks shown` : ''}
        </p>
      </div>
      {params.checkId && (
        <CheckPanel
          checkId={params.checkId}
          timeRange={params.timeRange}
          onTimeRangeChange={(timeRange) => update({ timeRange })}
          onClose={closeCheck}
          canRunChecks={canRunChecks}
          standalone={standalone}
          onCheckRan={refetch}
          summaryCheck={checks.find((c) => c.id === params.checkId)}
        />
      )}
    </div>
  );
}
