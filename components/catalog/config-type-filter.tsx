'use client';

import { useQuery } from '@tanstack/react-query';
import { FilterSelect, valueOptions } from '@/components/list/filter-select';
import { catalogOptionQueries } from '@/lib/catalog/option-queries';

/** The config type filter of the catalog's lists, with the types the catalog holds as its options. */
export function ConfigTypeFilter({
  label = 'Config type',
  value,
  onChange,
}: {
  label?: string;
  value: string | null | undefined;
  /** null means every type. */
  onChange: (configType: string | null) => void;
}) {
  const types = useQuery(catalogOptionQueries.configTypes());
  return (
    <FilterSelect
      label={label}
      value={value}
      options={valueOptions(types.data ?? [])}
      onChange={(configType) => onChange(configType || null)}
    />
  );
}
