'use client';

import * as React from 'react';
import { useController } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { FieldShell } from '@/components/forms/field-shell';
import { useTextField, type BaseFieldProps } from '@/components/forms/fields';
import { TimeRangePicker } from '@/components/widgets/time-range-picker';
import { toLocalInputValue } from '@/lib/time-range/absolute';
import type { TimeRange } from '@/lib/time-range/types';

/** A time range (absolute, relative or mapped) picked with the console's time-range picker; null when cleared. */
export function TimeRangeField({
  showFuture = true,
  timezone,
  placeholder,
  ...props
}: BaseFieldProps & { showFuture?: boolean; timezone?: string; placeholder?: string }) {
  const { field } = useController({ name: props.name });
  return (
    <FieldShell {...props} as="legend">
      {() => (
        <TimeRangePicker
          value={(field.value as TimeRange | null | undefined) ?? null}
          onChange={(range) => {
            field.onChange(range);
            field.onBlur();
          }}
          showFuture={showFuture}
          timezone={timezone}
          placeholder={placeholder}
          disabled={props.disabled || field.disabled}
          className="w-full max-w-sm"
        />
      )}
    </FieldShell>
  );
}

/**
 * One date and time (e.g. a permission's `until`), typed in the zone the picker uses (lib/time-range/absolute). The
 * value is the datetime-local text; validate and convert it with dateTimeText (lib/forms/schema.ts).
 */
export function DateTimeField({ timezone, ...props }: BaseFieldProps & { timezone?: string }) {
  const { bound } = useTextField(props);
  // An ISO instant from a record shows in the picker's zone; typed text stays as typed.
  const text = /Z$|[+-]\d{2}:\d{2}$/.test(bound.value)
    ? toLocalInputValue(bound.value, timezone)
    : bound.value;
  return (
    <FieldShell {...props}>
      {(control) => <Input {...control} {...bound} type="datetime-local" value={text} className="max-w-64" />}
    </FieldShell>
  );
}
