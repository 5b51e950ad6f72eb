'use client';

import * as React from 'react';
import { cn } from '@/lib/utils';

const SIZES = { default: 'px-3 py-1.5 text-sm', sm: 'px-2.5 py-1 text-xs' } as const;

/**
 * A choice among a few options as a row of buttons that are real radio inputs (arrow keys, one tab stop), the
 * chosen one filled. `children` go at the end of the row (secret field: Keep current value).
 */
export function RadioButtons<V extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
  size = 'default',
  children,
}: {
  /** The group's accessible name. */
  label: string;
  options: readonly { value: V; label: string }[];
  value: V | undefined;
  onChange: (value: V) => void;
  disabled?: boolean;
  size?: keyof typeof SIZES;
  children?: React.ReactNode;
}) {
  const name = React.useId();
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-1">
      {options.map((o) => (
        <label
          key={o.value}
          className={cn(
            'flex cursor-pointer items-center rounded-md border border-border has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
            SIZES[size],
          )}
        >
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={o.value}
            checked={value === o.value}
            disabled={disabled}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
      {children}
    </div>
  );
}

/**
 * A switch between groups of fields (git: Basic or SSH; a check's authentication: None or Basic) in a bordered
 * fieldset: the radio buttons, then the chosen group's fields as children.
 */
export function OptionSwitch<V extends string>({
  label,
  children,
  ...radios
}: React.ComponentProps<typeof RadioButtons<V>> & { children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <RadioButtons label={label} {...radios} />
      {children}
    </fieldset>
  );
}
