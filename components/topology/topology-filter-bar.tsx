'use client';

import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FilterSelect, valueOptions, type FilterOption } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { HeaderExtra, RefreshButton } from '@/components/shell/header-extra';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { NativeSelectField } from '@/components/forms/native-select-field';
import type { TopologyComponent } from '@/lib/topology/endpoints';
import { agentOptions, labelOptions } from '@/lib/topology/filter-options';
import { topologyKeys, topologyQueries } from '@/lib/topology/queries';
import { sortablePropertyNames } from '@/lib/topology/tree';
import { agentQueries } from '@/lib/access';
import { playbookRunKeys } from '@/lib/playbooks';
import {
  hasTopologyFilters,
  PROPERTY_SORT_PREFIX,
  sortProperty,
  TOPOLOGY_STANDARD_SORTS,
  type TopologySearch,
} from '@/lib/topology/search';

const SORT_LABELS: Record<(typeof TOPOLOGY_STANDARD_SORTS)[number], string> = {
  status: 'Status',
  name: 'Name',
  type: 'Type',
  updated_at: 'Last updated',
};

export interface TopologyFilterBarProps {
  search: TopologySearch;
  onChange: (patch: Partial<TopologySearch>) => void;
  statuses: readonly string[];
  types: readonly string[];
  teams: readonly string[];
  /** The cards shown: their numeric properties are offered as extra sort keys. */
  cards: readonly TopologyComponent[];
  /** The cards of the new filters are loading. */
  pending: boolean;
}

/**
 * The filter bar of /topology and /topology/{id}: five 'All or one value' filters and the sort, all in the URL
 * (lib/topology/search); the header's refresh button refetches everything topology shows.
 */
export function TopologyFilterBar({
  search,
  onChange,
  statuses,
  types,
  teams,
  cards,
  pending,
}: TopologyFilterBarProps) {
  const queryClient = useQueryClient();
  // The label and agent choices are the same on /topology and /topology/{id}, so the bar reads them itself.
  const labelChoices = useQuery(topologyQueries.labels());
  const agentChoices = useQuery(agentQueries.choices());
  const labels = labelOptions(labelChoices.data ?? []);
  const agents = agentOptions(agentChoices.data ?? []);
  const sortProperties = sortablePropertyNames(cards);
  const [refreshing, setRefreshing] = React.useState(false);
  const refresh = () => {
    setRefreshing(true);
    // A component's panel shows its playbook runs, which live in the runs' own key family.
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: topologyKeys.all }),
      queryClient.invalidateQueries({ queryKey: playbookRunKeys.all }),
    ]).finally(() => setRefreshing(false));
  };
  // The five 'All or one value' filters, in the bar's order; each writes its URL parameter (null: All).
  const filters: {
    key: 'status' | 'type' | 'team' | 'labels' | 'agent';
    label: string;
    options: readonly FilterOption[];
    className?: string;
  }[] = [
    { key: 'status', label: 'Status', options: valueOptions(statuses) },
    { key: 'type', label: 'Type', options: valueOptions(types) },
    { key: 'team', label: 'Team', options: valueOptions(teams) },
    { key: 'labels', label: 'Labels', options: labels, className: 'max-w-56' },
    { key: 'agent', label: 'Agent', options: agents },
  ];
  const customSorts = sortProperties.map((p) => `${PROPERTY_SORT_PREFIX}${p}`);
  if (sortProperty(search.sortBy) && !customSorts.includes(search.sortBy)) customSorts.push(search.sortBy);

  return (
    <>
      <HeaderExtra>
        <div className="ml-auto flex items-center">
          <RefreshButton onRefresh={refresh} refreshing={refreshing} />
        </div>
      </HeaderExtra>
      <form
        role="search"
        aria-label="Filter components"
        aria-busy={pending}
        onSubmit={(e) => e.preventDefault()}
      >
        <ListToolbar label="Component filters">
          {filters.map((f) => (
            <FilterSelect
              key={f.key}
              label={f.label}
              name={f.key}
              value={search[f.key]}
              options={f.options}
              onChange={(value) => onChange({ [f.key]: value || null })}
              className={f.className}
            />
          ))}
          <NativeSelectField label="Sort by">
            <NativeSelect
              value={search.sortBy}
              onChange={(e) => onChange({ sortBy: e.target.value })}
              name="sortBy"
            >
              {TOPOLOGY_STANDARD_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
              {customSorts.map((p) => (
                <option key={p} value={p}>
                  {sortProperty(p)}
                </option>
              ))}
            </NativeSelect>
          </NativeSelectField>
          <NativeSelectField label="Sort order">
            <NativeSelect
              value={search.sortOrder}
              onChange={(e) => onChange({ sortOrder: e.target.value as TopologySearch['sortOrder'] })}
              name="sortOrder"
            >
              <option value="desc">Descending</option>
              <option value="asc">Ascending</option>
            </NativeSelect>
          </NativeSelectField>
          {hasTopologyFilters(search) && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChange({ status: null, type: null, team: null, labels: null, agent: null })}
            >
              Clear filters
            </Button>
          )}
          {pending && (
            <span role="status" className="text-xs text-muted-foreground">
              Loading…
            </span>
          )}
        </ListToolbar>
      </form>
    </>
  );
}
