'use client';

import * as React from 'react';
import { parseAsString, useQueryStates } from 'nuqs';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { HeaderExtra, RefreshButton } from '@/components/shell/header-extra';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { topologyKeys } from '@/lib/queries/topology-keys';
import {
  parseTopologySearch,
  PROPERTY_SORT_PREFIX,
  sortProperty,
  TOPOLOGY_DEFAULT_SORT_BY,
  TOPOLOGY_DEFAULT_SORT_ORDER,
  TOPOLOGY_PARAM_KEYS,
  TOPOLOGY_STANDARD_SORTS,
  type TopologyParamKey,
} from '@/lib/search-params/topology';

export interface FilterOption {
  value: string;
  label: string;
}

export interface TopologyFilterBarProps {
  statuses: readonly string[];
  types: readonly string[];
  teams: readonly string[];
  labels: readonly FilterOption[];
  agents: readonly FilterOption[];
  /** Numeric component properties offered as extra sort keys. */
  sortProperties: readonly string[];
}

const PARSERS = Object.fromEntries(TOPOLOGY_PARAM_KEYS.map((k) => [k, parseAsString])) as Record<
  TopologyParamKey,
  typeof parseAsString
>;

const SORT_LABELS: Record<(typeof TOPOLOGY_STANDARD_SORTS)[number], string> = {
  status: 'Status',
  name: 'Name',
  type: 'Type',
  updated_at: 'Last updated',
};

const asOption = (value: string): FilterOption => ({ value, label: value });

/** One filter: 'All' (no parameter) or one value; a value from the URL that is not among the options stays selectable. */
function FilterSelect({
  label,
  name,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  name: string;
  value: string | undefined;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  className?: string;
}) {
  const shown = value && !options.some((o) => o.value === value) ? [...options, asOption(value)] : options;
  return (
    <NativeSelectField label={label}>
      <NativeSelect
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        name={name}
        className={className}
      >
        <option value="">All</option>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </NativeSelectField>
  );
}

/**
 * The filter bar of /topology and /topology/{id}. Its state is the URL (lib/search-params/topology); changing it
 * re-renders the server page with the new cards, so there is no second copy of the filters in the browser.
 */
export function TopologyFilterBar({
  statuses,
  types,
  teams,
  labels,
  agents,
  sortProperties,
}: TopologyFilterBarProps) {
  const [pending, startTransition] = React.useTransition();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [raw, setRaw] = useQueryStates(PARSERS, { shallow: false, history: 'push', startTransition });
  const search = parseTopologySearch(
    Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v ?? undefined])) as Record<
      string,
      string | undefined
    >,
  );

  const set = (key: TopologyParamKey, value: string) => {
    const isDefault =
      value === '' ||
      (key === 'sortBy' && value === TOPOLOGY_DEFAULT_SORT_BY) ||
      (key === 'sortOrder' && value === TOPOLOGY_DEFAULT_SORT_ORDER);
    void setRaw({ [key]: isDefault ? null : value });
  };

  const reset = () => void setRaw({ status: null, type: null, team: null, labels: null, agent: null });
  const filtered = Boolean(search.status || search.type || search.team || search.labels || search.agent);

  const refresh = () => {
    startTransition(() => router.refresh());
    void queryClient.invalidateQueries({ queryKey: topologyKeys.all });
  };

  const customSorts = sortProperties.map((p) => `${PROPERTY_SORT_PREFIX}${p}`);
  const withCurrent = (options: readonly string[], current: string | undefined) =>
    current && !options.includes(current) ? [...options, current] : options;

  return (
    <>
      <HeaderExtra>
        <div className="ml-auto flex items-center">
          <RefreshButton onRefresh={refresh} refreshing={pending} />
        </div>
      </HeaderExtra>
      <form
        role="search"
        aria-label="Filter components"
        aria-busy={pending}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <FilterSelect
          label="Status"
          name="status"
          value={search.status}
          options={statuses.map(asOption)}
          onChange={(v) => set('status', v)}
        />
        <FilterSelect
          label="Type"
          name="type"
          value={search.type}
          options={types.map(asOption)}
          onChange={(v) => set('type', v)}
        />
        <FilterSelect
          label="Team"
          name="team"
          value={search.team}
          options={teams.map(asOption)}
          onChange={(v) => set('team', v)}
        />
        <FilterSelect
          label="Labels"
          name="labels"
          value={search.labels}
          options={labels}
          onChange={(v) => set('labels', v)}
          className="max-w-56"
        />
        <FilterSelect
          label="Agent"
          name="agent"
          value={search.agent}
          options={agents}
          onChange={(v) => set('agent', v)}
        />
        <NativeSelectField label="Sort by">
          <NativeSelect value={search.sortBy} onChange={(e) => set('sortBy', e.target.value)} name="sortBy">
            {TOPOLOGY_STANDARD_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
            {withCurrent(customSorts, sortProperty(search.sortBy) ? search.sortBy : undefined).map((p) => (
              <option key={p} value={p}>
                {sortProperty(p)}
              </option>
            ))}
          </NativeSelect>
        </NativeSelectField>
        <NativeSelectField label="Sort order">
          <NativeSelect
            value={search.sortOrder}
            onChange={(e) => set('sortOrder', e.target.value)}
            name="sortOrder"
          >
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </NativeSelect>
        </NativeSelectField>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={reset}>
            Clear filters
          </Button>
        )}
        {pending && (
          <span role="status" className="text-xs text-muted-foreground">
            Loading…
          </span>
        )}
      </form>
    </>
  );
}
