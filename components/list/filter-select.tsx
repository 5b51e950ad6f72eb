'use client';

import { NativeSelect } from '@/components/ui/native-select';
import { NativeSelectField } from '@/components/forms/native-select-field';
import { cn } from '@/lib/utils';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  name?: string;
  /** The chosen value, or null/undefined/'' for all. */
  value: string | null | undefined;
  options: readonly FilterOption[];
  /** '' means all. */
  onChange: (value: string) => void;
  allLabel?: string;
  className?: string;
}

/**
 * One filter of a list: 'All' (no parameter) or one value. A value from the URL that is not among the options (a
 * shared link, a value that no longer occurs) stays selectable instead of silently showing 'All'. Its width does
 * not depend on its options: many arrive with a query after the page is shown, and a select that grew to its longest
 * option then moved the toolbar's other controls and the list below (a layout shift, issue 34).
 */
export function FilterSelect({
  label,
  name,
  value,
  options,
  onChange,
  allLabel = 'All',
  className,
}: FilterSelectProps) {
  const shown =
    value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return (
    <NativeSelectField label={label}>
      <NativeSelect
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        name={name}
        className={cn('w-40 max-w-full', className)}
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

/** The keys of a URL state whose values are text (or absent), which a FilterSelect can hold. */
type TextKeys<V> = { [K in keyof V]: V[K] extends string | null | undefined ? K : never }[keyof V] & string;

/**
 * A FilterSelect bound to one text parameter of a list's URL state: a choice writes it, 'All' removes it. The
 * options are the parameter's values.
 */
export function UrlFilterSelect<V extends object, K extends TextKeys<V>>({
  urlState,
  param,
  ...props
}: Omit<FilterSelectProps, 'value' | 'onChange'> & {
  /** The screen's useUrlState(contract) result. */
  urlState: readonly [V, (patch: Partial<V>) => void, ...unknown[]];
  param: K;
}) {
  const [values, update] = urlState;
  return (
    <FilterSelect
      {...props}
      value={values[param] as string | null | undefined}
      onChange={(value) => update({ [param]: value || null } as Partial<V>)}
    />
  );
}
