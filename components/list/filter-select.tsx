'use client';

import { NativeSelect } from '@/components/ui/native-select';
import { NativeSelectField } from '@/components/forms/native-select-field';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One filter of a list: 'All' (no parameter) or one value. A value from the URL that is not among the options (a
 * shared link, a value that no longer occurs) stays selectable instead of silently showing 'All'.
 */
export function FilterSelect({
  label,
  name,
  value,
  options,
  onChange,
  allLabel = 'All',
  className,
}: {
  label: string;
  name?: string;
  /** The chosen value, or null/undefined/'' for all. */
  value: string | null | undefined;
  options: readonly FilterOption[];
  /** '' means all. */
  onChange: (value: string) => void;
  allLabel?: string;
  className?: string;
}) {
  const shown =
    value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return (
    <NativeSelectField label={label}>
      <NativeSelect
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        name={name}
        className={className}
      >
        <option value="">{allLabel}</option>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </NativeSelectField>
  );
}

/** Options whose label is their value. */
export const valueOptions = (values: readonly string[]): FilterOption[] =>
  values.map((value) => ({ value, label: value }));
