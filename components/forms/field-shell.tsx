'use client';

import * as React from 'react';
import { get, useFormState } from 'react-hook-form';
import { cn } from '@/lib/utils';

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldShellProps {
  /** The form field's path (e.g. `name`, `labels`, `spec`). */
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  /** Marks the field as required (the rule itself is in the schema). */
  required?: boolean;
  className?: string;
  /** Renders the label after the control (checkbox, switch). */
  inline?: boolean;
  /** 'label' ties the caption with htmlFor; 'legend' wraps a group of controls in a fieldset. */
  as?: 'label' | 'legend';
  children: (control: FieldControlProps) => React.ReactNode;
}

/** The error message of a field path, if any (also for nested paths such as `secret.name`). */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' && error.message ? error.message : undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs text-destructive">
      {message}
    </p>
  );
}

function RequiredMark() {
  return (
    <span aria-hidden className="text-destructive">
      *
    </span>
  );
}

/** Label, control, hint and error of one field, wired for screen readers. */
export function FieldShell({
  name,
  label,
  hint,
  required,
  className,
  inline,
  as = 'label',
  children,
}: FieldShellProps) {
  const id = React.useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = useFieldError(name);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = children({
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  });
  const caption = (
    <>
      {label}
      {required ? <RequiredMark /> : null}
    </>
  );
  const notes = (
    <>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </>
  );
  if (as === 'legend') {
    return (
      <fieldset
        data-field={name}
        className={cn('flex min-w-0 flex-col gap-1.5', className)}
        aria-describedby={describedBy}
      >
        <legend className="mb-1.5 flex items-center gap-1 text-sm font-medium">{caption}</legend>
        {control}
        {notes}
      </fieldset>
    );
  }
  if (inline) {
    return (
      <div data-field={name} className={cn('flex flex-col gap-1', className)}>
        <div className="flex items-center gap-2">
          {control}
          <label htmlFor={id} className="flex items-center gap-1 text-sm font-medium leading-none">
            {caption}
          </label>
        </div>
        {notes}
      </div>
    );
  }
  return (
    <div data-field={name} className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="flex items-center gap-1 text-sm font-medium leading-none">
        {caption}
      </label>
      {control}
      {notes}
    </div>
  );
}
