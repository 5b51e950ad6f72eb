'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUrlSorting } from '@/components/data-table/use-url-sorting';
import { HealthFilters } from '@/components/health/health-filters';
import { HealthTable } from '@/components/health/health-table';
import { HealthTabs } from '@/components/health/health-tabs';
import { HealthToolbar } from '@/components/health/health-toolbar';
import { useFailingTitle } from '@/components/health/use-failing-title';
import type { HealthView } from '@/components/health/use-health-view';
import { LazyWallStatus } from '@/components/live';
import { BusyRows } from '@/components/list/busy-rows';
import { ListWithFilters } from '@/components/list/list-with-filters';
import { RefreshControls } from '@/components/list/refresh-controls';
import { QueryState } from '@/components/list/query-state';
import { HeaderExtra } from '@/components/shell/header-extra';
import { Button } from '@/components/ui/button';
import { PageSkeleton } from '@/components/shell/page-skeleton';
import { NIL_AGENT_ID } from '@/lib/constants';
import { refreshRateToMs } from '@/lib/format/refresh-rate';
import { usePollingUnlessLive } from '@/lib/live';
import { boardRequestOf, boardViewOf } from '@/lib/health/board';
import type { HealthCheck } from '@/lib/health/types';
import { healthKeys, healthQueries } from '@/lib/health/queries';
import {
  activeFilterCount,
  ALL_TAB,
  healthSearch,
  healthViewSearch,
  NO_PIVOT,
  type HealthParams,
} from '@/lib/health/search';
import { useUrlState, type SetUrlStateOptions } from '@/lib/search-params/use-url-state';
import { cn } from '@/lib/utils';
// The resource editor opens from "Add health check"; it loads then, not with the list.
import { LazyAddResourceDialog } from '@/components/resources';
import { agentQueries } from '@/lib/access';
import { LazyCheckPanel } from '@/components/health/lazy';

// Not the default view, so loaded (and server-rendered) only when shown: the check panel, cards and pivot.
const HealthCards = dynamic(() => import('@/components/health/health-cards').then((m) => m.HealthCards));
const HealthPivotTable = dynamic(() =>
  import('@/components/health/health-pivot-table').then((m) => m.HealthPivotTable),
);
// A backend without the board's pages (lib/health/board.ts) has the browser derive the board: its rules load then.
const DerivedBoard = dynamic(() => import('@/components/health/derived-board').then((m) => m.DerivedBoard), {
  loading: () => <PageSkeleton />,
});
// Only a board with more than one page (thousands of checks) shows it.
const HealthBoardPager = dynamic(() =>
  import('@/components/health/health-board-pager').then((m) => m.HealthBoardPager),
);

export interface HealthDashboardProps {
  summaryPath: string;
  variant: 'console' | 'view';
  /** Run Now is shown to admin, editor, responder and commander only (decided on the server). */
  canRunChecks: boolean;
  /** "Add health check" (write on canaries, decided on the server). */
  canAddChecks?: boolean;
  standalone: boolean;
}

/**
 * /health and /view/health: the board through the data path and the kit's parts. Where the backend pages the board
 * (lib/health/board.ts) each filter, tab, sort and page is a request for one page; where it does not, its first
 * answer is every check and the board is derived from the URL state in the browser from then on.
 */
export function HealthDashboard({
  summaryPath,
  variant,
  canRunChecks,
  canAddChecks = false,
  standalone,
}: HealthDashboardProps) {
  const [adding, setAdding] = React.useState(false);
  const urlState = useUrlState(variant === 'view' ? healthViewSearch : healthSearch);
  const [params, setParams, { href }] = urlState;
  const table = useUrlSorting(urlState);
  const queryClient = useQueryClient();
  const refetchInterval = usePollingUnlessLive(refreshRateToMs(params.refresh));
  // A backend that does not page the board is known by an answer without `board`, whose checks the board's query
  // caches as the whole summary (lib/health/queries.ts): that entry's presence is the mode, in the server's hand-over
  // as in the browser, and it is refreshed like the board while it is there.
  const wholeQuery = useQuery({
    ...healthQueries.summary(summaryPath),
    enabled: (query) => query.state.data !== undefined,
    refetchInterval,
  });
  const boardless = wholeQuery.data !== undefined;
  const { query: q, hidePassing, labels, tabBy, tab, groupBy, sortBy, sortDesc, pageIndex } = params;
  const request = React.useMemo(
    () => boardRequestOf({ query: q, hidePassing, labels, tabBy, tab, groupBy, sortBy, sortDesc, pageIndex }),
    [q, hidePassing, labels, tabBy, tab, groupBy, sortBy, sortDesc, pageIndex],
  );
  const boardQuery = useQuery({
    ...healthQueries.board(summaryPath, request),
    enabled: !boardless,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const board = boardless ? undefined : boardQuery.data?.board;
  const query = boardless ? wholeQuery : boardQuery;
  const checks: readonly HealthCheck[] = (boardless ? wholeQuery.data : boardQuery.data?.checks) ?? NO_CHECKS;
  const paged = React.useMemo(
    () => (board ? boardViewOf(board, checks, tab) : EMPTY_VIEW),
    [board, checks, tab],
  );
  const failing = React.useMemo(
    () => board?.failing ?? checks.filter((c) => c.status === 'unhealthy').length,
    [board, checks],
  );
  useFailingTitle(failing);
  const { refetch } = query;

  // Spec 001 §7: a new time range refetches the summary; refetch() cancels a request still in flight.
  const timeRange = React.useRef(params.timeRange);
  React.useEffect(() => {
    if (timeRange.current === params.timeRange) return;
    timeRange.current = params.timeRange;
    void refetch();
  }, [params.timeRange, refetch]);

  const update = React.useCallback(
    (patch: Partial<HealthParams>, options?: SetUrlStateOptions) => setParams(patch, options),
    [setParams],
  );
  // Spec 001 §2.1: a check link carries checkId and timeRange=1h.
  const checkHref = React.useCallback(
    (check: HealthCheck) => href({ checkId: check.id, timeRange: '1h' }),
    [href],
  );
  const openCheck = React.useCallback(
    (check: HealthCheck) => setParams({ checkId: check.id, timeRange: '1h' }, { history: 'push' }),
    [setParams],
  );
  const refresh = () => void refetch();
  const large = variant === 'view' && params.large;
  const panelId = React.useId();
  const refreshControls = (
    <RefreshControls
      rate={params.refresh}
      onRateChange={(refresh) => update({ refresh })}
      onRefresh={refresh}
      refreshing={query.isFetching}
      className={cn(large && 'h-11 text-lg')}
    />
  );
  const renderBoard = (view: HealthView) => {
    const filters = (
      <HealthFilters
        hidePassing={params.hidePassing}
        onHidePassingChange={(hidePassing) => update({ hidePassing })}
        labelOptions={view.labelOptions}
        labels={params.labels}
        onLabelsChange={(labels) => update({ labels })}
      />
    );

    const list = () =>
      params.pivotBy !== NO_PIVOT ? (
        <HealthPivotTable
          checks={view.visible}
          pivotBy={params.pivotBy}
          checkHref={checkHref}
          onOpenCheck={openCheck}
        />
      ) : params.layout === 'card' ? (
        <HealthCards
          groups={view.groups}
          grouped={params.groupBy !== 'no-group'}
          checkHref={checkHref}
          onOpenCheck={openCheck}
          large={large}
        />
      ) : (
        <HealthTable
          groups={view.groups}
          sorting={table.sorting}
          onSortingChange={table.onSortingChange}
          checkHref={checkHref}
          onOpenCheck={openCheck}
          large={large}
          expandAll={params.query.trim() !== ''}
        />
      );

    return (
      <ListWithFilters
        filters={filters}
        activeCount={activeFilterCount(params)}
        description="Hide passing checks and filter by label"
        className={cn(large && 'text-lg')}
      >
        {(filtersButton) => (
          <>
            {variant === 'console' && (
              <HeaderExtra>
                {canAddChecks && (
                  <Button size="sm" onClick={() => setAdding(true)}>
                    Add health check
                  </Button>
                )}
                {refreshControls}
              </HeaderExtra>
            )}
            {adding && (
              <LazyAddResourceDialog
                table="canaries"
                open
                onOpenChange={setAdding}
                onSaved={() => void refetch()}
              />
            )}
            {variant === 'view' && (
              <div className="flex flex-wrap items-baseline gap-x-8 gap-y-2">
                <h1 className={cn('font-semibold', large ? 'text-3xl' : 'text-xl')}>Health</h1>
                <LazyWallStatus
                  updatedAt={query.dataUpdatedAt}
                  // What this wall shows (its filters and tab) that fails; the tab's title counts every check.
                  failing={
                    board?.failingNames ??
                    view.visible.filter((c) => c.status === 'unhealthy').map((c) => c.name)
                  }
                  failingCount={board?.failingShown}
                  className={cn('flex-1', large && 'text-lg')}
                />
              </div>
            )}
            <HealthToolbar
              params={{ ...params, large }}
              update={update}
              labelKeys={view.labelKeys}
              filtersButton={filtersButton}
              extra={variant === 'view' ? refreshControls : undefined}
            />
            {view.tabs.length > 1 && (
              <BoardTabs
                view={view}
                tabBy={params.tabBy}
                onChange={(tab) => update({ tab })}
                panelId={`${panelId}-panel`}
              />
            )}
            <div
              id={`${panelId}-panel`}
              role={view.tabs.length > 1 ? 'tabpanel' : undefined}
              aria-labelledby={
                view.tabs.length > 1 ? `${panelId}-panel-tab-${view.tabs.indexOf(view.activeTab)}` : undefined
              }
              className="min-w-0"
            >
              <QueryState
                query={{ ...query, data: query.data === undefined ? undefined : view.groups }}
                empty="No data available"
                errorTitle="The health checks could not be loaded"
                skeleton={<PageSkeleton />}
              >
                {() => (
                  <BusyRows busy={boardQuery.isPlaceholderData && !boardless}>
                    {list()}
                    {board && board.pages > 1 && (
                      <HealthBoardPager
                        board={board}
                        onPageChange={(index) => update({ pageIndex: index }, { history: 'push' })}
                      />
                    )}
                  </BusyRows>
                )}
              </QueryState>
            </div>
            <p className="sr-only" role="status" aria-live="polite">
              {query.data ? `${board?.checks ?? view.visible.length} checks shown` : ''}
            </p>
            {params.checkId && (
              <LazyCheckPanel
                checkId={params.checkId}
                timeRange={params.timeRange}
                onTimeRangeChange={(timeRange) => update({ timeRange })}
                onClose={() => setParams({ checkId: null, timeRange: null }, { history: 'push' })}
                canRunChecks={canRunChecks}
                standalone={standalone}
                onCheckRan={() => void queryClient.invalidateQueries({ queryKey: healthKeys.all })}
                summaryCheck={checks.find((c) => c.id === params.checkId)}
              />
            )}
          </>
        )}
      </ListWithFilters>
    );
  };

  return board || !boardless ? (
    renderBoard(paged)
  ) : (
    <DerivedBoard checks={checks} params={params}>
      {renderBoard}
    </DerivedBoard>
  );
}

const NO_CHECKS: readonly HealthCheck[] = [];
const EMPTY_VIEW: HealthView = {
  labelOptions: [],
  labelKeys: [],
  tabs: [ALL_TAB],
  activeTab: ALL_TAB,
  tabCounts: new Map(),
  visible: [],
  groups: [],
};

/** The tabs of the board; by agent, they read the agents' names (spec 001 §2.1), 'local' for the console's own. */
function BoardTabs({
  view,
  tabBy,
  onChange,
  panelId,
}: {
  view: HealthView;
  tabBy: string;
  onChange: (tab: string) => void;
  panelId: string;
}) {
  const agentIds = tabBy === 'agent_id' ? view.tabs.filter((t) => t !== ALL_TAB) : [];
  const agentNames = useQuery({
    ...agentQueries.names(agentIds),
    enabled: agentIds.some((id) => id !== NIL_AGENT_ID),
  }).data;
  const tabLabel = (tab: string) =>
    tabBy !== 'agent_id' || tab === ALL_TAB
      ? tab
      : tab === NIL_AGENT_ID
        ? 'local'
        : (agentNames?.get(tab) ?? tab);
  return (
    <HealthTabs
      tabs={view.tabs}
      value={view.activeTab}
      onChange={onChange}
      label={`Tabs by ${tabBy === 'agent_id' ? 'agent' : tabBy}`}
      panelId={panelId}
      counts={view.tabCounts}
      renderLabel={tabLabel}
    />
  );
}
