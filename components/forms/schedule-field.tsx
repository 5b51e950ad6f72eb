'use client';

import * as React from 'react';
import { Input } from '@/components/ui/input';
import { FieldShell } from '@/components/forms/field-shell';
import { useTextField, type BaseFieldProps } from '@/components/forms/fields';
import { SCHEDULE_OPTIONS } from '@/lib/forms/schedules';

/**
 * A text field with suggestions (a native datalist, so any value may still be typed): schedules by default
 * (spec 001 §9), or durations and other lists through `suggestions`. Validate with scheduleText or durationText.
 */
export function ScheduleField({
  suggestions = SCHEDULE_OPTIONS,
  placeholder = '@every 5m',
  ...props
}: BaseFieldProps & { suggestions?: readonly string[]; placeholder?: string }) {
  const { bound } = useTextField(props);
  const listId = React.useId();
  return (
    <FieldShell {...props}>
      {(control) => (
        <>
          <Input {...control} {...bound} list={listId} placeholder={placeholder} autoComplete="off" />
          <datalist id={listId}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </>
      )}
    </FieldShell>
  );
}
