'use client';

import * as React from 'react';
import { useController } from 'react-hook-form';
import { ChevronDownIcon, XIcon } from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { FieldShell } from '@/components/forms/field-shell';
import { cn } from '@/lib/utils';

/** The form kit's basic fields. Each is bound by `name` to the surrounding Form (react-hook-form context). */

export interface BaseFieldProps {
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

export interface Option {
  value: string;
  label: string;
}

/**
 * Binds a text-valued control (input, textarea, native select) to its form field: ref, name, the value as text
 * (empty when unset), change, blur and disabled. `field` is there for controls that show the value otherwise.
 */
export function useTextField(props: Pick<BaseFieldProps, 'name' | 'disabled'>) {
  const { field } = useController({ name: props.name });
  const bound = {
    ref: field.ref,
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    disabled: props.disabled || field.disabled,
  };
  return { field, bound };
}

export function TextField({
  type = 'text',
  placeholder,
  autoComplete,
  ...props
}: BaseFieldProps & {
  type?: 'text' | 'password' | 'email' | 'url';
  placeholder?: string;
  autoComplete?: string;
}) {
  const { bound } = useTextField(props);
  return (
    <FieldShell {...props}>
      {(control) => (
        <Input
          {...control}
          {...bound}
          type={type}
          placeholder={placeholder}
          autoComplete={autoComplete ?? 'off'}
        />
      )}
    </FieldShell>
  );
}

export function TextareaField({
  rows = 4,
  placeholder,
  ...props
}: BaseFieldProps & { rows?: number; placeholder?: string }) {
  const { bound } = useTextField(props);
  return (
    <FieldShell {...props}>
      {(control) => <Textarea {...control} {...bound} rows={rows} placeholder={placeholder} />}
    </FieldShell>
  );
}

/**
 * An integer field. It keeps what was typed as text so the schema (integerText) can say 'This field must be a number'
 * instead of the browser silently dropping letters.
 */
export function NumberField({ placeholder, ...props }: BaseFieldProps & { placeholder?: string }) {
  const { field } = useController({ name: props.name });
  const value = field.value as string | number | undefined | null;
  return (
    <FieldShell {...props}>
      {(control) => (
        <Input
          {...control}
          ref={field.ref}
          name={field.name}
          type="text"
          inputMode="numeric"
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          disabled={props.disabled || field.disabled}
          placeholder={placeholder}
          className="max-w-48"
        />
      )}
    </FieldShell>
  );
}

export function SelectField({
  options,
  placeholder,
  ...props
}: BaseFieldProps & { options: readonly Option[]; placeholder?: string }) {
  const { bound } = useTextField(props);
  const showEmpty = placeholder !== undefined || !options.some((o) => o.value === bound.value);
  return (
    <FieldShell {...props}>
      {(control) => (
        <NativeSelect {...control} {...bound} className="w-full">
          {showEmpty ? <option value="">{placeholder ?? 'Select…'}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FieldShell>
  );
}

/** A small set of exclusive choices shown side by side (e.g. an encryption method); native radios. */
export function ChoiceField({ options, ...props }: BaseFieldProps & { options: readonly Option[] }) {
  const { field } = useController({ name: props.name });
  const groupName = React.useId();
  return (
    <FieldShell {...props} as="legend">
      {(control) => (
        <div
          role="radiogroup"
          aria-describedby={control['aria-describedby']}
          aria-invalid={control['aria-invalid']}
          className="flex flex-wrap gap-1"
        >
          {options.map((o, index) => (
            <label
              key={o.value}
              className={cn(
                'flex cursor-pointer items-center rounded-md border border-border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
              )}
            >
              <input
                ref={index === 0 ? field.ref : undefined}
                type="radio"
                className="sr-only"
                name={groupName}
                value={o.value}
                checked={field.value === o.value}
                onChange={() => field.onChange(o.value)}
                onBlur={field.onBlur}
                disabled={props.disabled || field.disabled}
              />
              {o.label}
            </label>
          ))}
        </div>
      )}
    </FieldShell>
  );
}

export function CheckboxField(props: BaseFieldProps) {
  const { field } = useController({ name: props.name });
  return (
    <FieldShell {...props} inline>
      {(control) => (
        <Checkbox
          {...control}
          ref={field.ref}
          name={field.name}
          checked={field.value === true}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
          disabled={props.disabled || field.disabled}
        />
      )}
    </FieldShell>
  );
}

export function SwitchField(props: BaseFieldProps) {
  const { field } = useController({ name: props.name });
  return (
    <FieldShell {...props} inline>
      {(control) => (
        <Switch
          {...control}
          name={field.name}
          checked={field.value === true}
          onCheckedChange={(checked) => field.onChange(checked)}
          onBlur={field.onBlur}
          disabled={props.disabled || field.disabled}
        />
      )}
    </FieldShell>
  );
}

/** Several values out of a list: a button that opens a checklist; the chosen ones show as removable chips. */
export function MultiSelectField({
  options,
  placeholder = 'Select…',
  ...props
}: BaseFieldProps & { options: readonly Option[]; placeholder?: string }) {
  const { field } = useController({ name: props.name });
  const selected = React.useMemo(
    () => new Set<string>((field.value as string[] | undefined) ?? []),
    [field.value],
  );
  const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? value;
  const toggle = (value: string, on: boolean) => {
    // Keep the options' order, then values the options do not list (e.g. loaded from a record).
    const next = new Set(selected);
    if (on) next.add(value);
    else next.delete(value);
    const ordered = options.map((o) => o.value).filter((v) => next.has(v));
    field.onChange([...ordered, ...[...next].filter((v) => !ordered.includes(v))]);
  };
  const disabled = props.disabled || field.disabled;
  const summary = selected.size === 0 ? placeholder : [...selected].map(labelOf).join(', ');
  return (
    <FieldShell {...props}>
      {(control) => (
        <div className="flex flex-col gap-2">
          <Popover onOpenChange={(open) => (open ? undefined : field.onBlur())}>
            <PopoverTrigger asChild>
              <button
                {...control}
                ref={field.ref}
                type="button"
                disabled={disabled}
                className="flex h-9 w-full items-center justify-between gap-2 rounded-md border border-border bg-background px-3 text-left text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
              >
                <span className={cn('truncate', selected.size === 0 && 'text-muted-foreground')}>
                  {summary}
                </span>
                <ChevronDownIcon className="size-4 opacity-50" aria-hidden />
              </button>
            </PopoverTrigger>
            <PopoverContent
              align="start"
              className="max-h-72 w-[var(--radix-popover-trigger-width)] overflow-y-auto p-1"
            >
              <div
                role="group"
                aria-label={typeof props.label === 'string' ? props.label : undefined}
                className="flex flex-col"
              >
                {options.map((o) => (
                  <label
                    key={o.value}
                    className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-accent"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={selected.has(o.value)}
                      onChange={(event) => toggle(o.value, event.target.checked)}
                    />
                    {o.label}
                  </label>
                ))}
              </div>
            </PopoverContent>
          </Popover>
          {selected.size > 0 ? (
            <ul className="flex flex-wrap gap-1" aria-label="Selected">
              {[...selected].map((value) => (
                <li key={value} className="flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs">
                  {labelOf(value)}
                  <button
                    type="button"
                    className="rounded-full outline-none hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring"
                    aria-label={`Remove ${labelOf(value)}`}
                    disabled={disabled}
                    onClick={() => toggle(value, false)}
                  >
                    <XIcon className="size-3" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </FieldShell>
  );
}
