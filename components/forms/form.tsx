'use client';

import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FormProvider,
  useForm,
  useFormState,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { LoaderCircleIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { errorMessageOf, toastError, toastFromError } from '@/components/widgets/toast';
import { fieldErrorsFromBackend } from '@/lib/forms/server-errors';
import { cn } from '@/lib/utils';

/**
 * The form kit's frame: one zod schema validates the values and its output is the request body; the submit button
 * is disabled while the form is invalid or submitting; a failed save puts the backend's message under the fields it
 * names and otherwise shows a toast (spec 001 §5, §8).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySchema = z.ZodType<any, any>;

export type ZodForm<S extends AnySchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/** react-hook-form bound to a zod schema. Errors show once a field was left (or on submit), validity is live. */
export function useZodForm<S extends AnySchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
  });
}

export interface FormProps<TValues extends FieldValues, TOutput> extends Omit<
  React.ComponentProps<'form'>,
  'onSubmit'
> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Receives the schema's output (the request body). A thrown error is shown (see serverFieldFor). */
  onSubmit: (output: TOutput) => unknown;
  /**
   * The form field a backend column maps to (e.g. sftp's `url` is the Host field). Default: the field of the same
   * name when the form has one. Return undefined to leave the error to the toast.
   */
  serverFieldFor?: (column: string) => string | undefined;
}

export function Form<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  serverFieldFor,
  className,
  children,
  ...props
}: FormProps<TValues, TOutput>) {
  const submit = form.handleSubmit(async (output) => {
    try {
      await onSubmit(output);
    } catch (error) {
      showSubmitError(form, error, serverFieldFor);
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate className={cn('flex flex-col gap-4', className)} onSubmit={submit} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

/** Puts a failed save's field errors under their fields; what no field takes goes to a toast. */
export function showSubmitError<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  serverFieldFor?: (column: string) => string | undefined,
): void {
  const values = (form.getValues() ?? {}) as Record<string, unknown>;
  const fieldFor = serverFieldFor ?? ((column: string) => (column in values ? column : undefined));
  const errors = fieldErrorsFromBackend(error);
  let placed = 0;
  let unplaced = false;
  let first = true;
  for (const [column, message] of Object.entries(errors)) {
    const field = fieldFor(column);
    if (!field) {
      unplaced = true;
      continue;
    }
    form.setError(field as Path<TValues>, { type: 'server', message }, { shouldFocus: first });
    first = false;
    placed++;
  }
  if (placed === 0) toastFromError(error);
  else if (unplaced) toastError(errorMessageOf(error));
}

/** The row of buttons at the end of a form. */
export function FormActions({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** Text while the submit runs (e.g. 'Saving...'); default: the children. */
  pendingLabel?: React.ReactNode;
  /** Also disabled until something was changed (edit forms, which send only the changes). */
  requireChanges?: boolean;
}

/** Submits the surrounding Form; disabled while the form is invalid or submitting. */
export function SubmitButton({
  children,
  pendingLabel,
  requireChanges = false,
  disabled,
  ...props
}: SubmitButtonProps) {
  const { isValid, isSubmitting, isDirty } = useFormState();
  const off = disabled || !isValid || isSubmitting || (requireChanges && !isDirty);
  return (
    <Button type="submit" disabled={off} aria-busy={isSubmitting || undefined} {...props}>
      {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
      {isSubmitting && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
