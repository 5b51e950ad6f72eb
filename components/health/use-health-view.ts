'use client';

import * as React from 'react';
import { labelOptionsOf, filterChecks, tabsOf, tabValueOf } from '@/lib/health/filters';
import { groupChecks } from '@/lib/health/grouping';
import { sortGroups } from '@/lib/health/sorting';
import type { HealthCheck } from '@/lib/health/types';
import type { LabelOption } from '@/lib/filters';
import type { HealthGroup } from '@/lib/health/grouping';
import { ALL_TAB, type HealthParams } from '@/lib/health/search';

/** What the list shows: the toolbar's options, the tabs with their counts, the checks shown and their groups. */
export interface HealthView {
  labelOptions: LabelOption[];
  labelKeys: string[];
  tabs: string[];
  activeTab: string;
  tabCounts: ReadonlyMap<string, number>;
  visible: readonly HealthCheck[];
  groups: readonly HealthGroup[];
}

/**
 * What the health list shows for the URL state: label options, tabs with counts, the checks of the active tab and
 * their groups, sorted. Pure derivation of (checks, params), memoized per input, so a keystroke in the search box
 * recomputes the filter but not the label options. At 5,000 checks this runs in the browser within the interaction
 * budget (docs/measurements.md), which is why the list filters here rather than on the backend.
 */
export function useHealthView(checks: readonly HealthCheck[], params: HealthParams): HealthView {
  const labelOptions = React.useMemo(() => labelOptionsOf(checks), [checks]);
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
  return {
    labelOptions,
    labelKeys: labelOptions.map((o) => o.key),
    tabs,
    activeTab,
    tabCounts,
    visible,
    groups,
  };
}
