'use client';

import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form, FormActions, SubmitButton } from '@/components/forms/form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * A create dialog whose answer can be shown only once (Add Agent's install command, Invite User's link): the form
 * titled and named `title`; once `result` is set, its title, description and content with Done instead.
 */
export function CreateThenShowDialog<TValues extends FieldValues, TOutput>({
  open,
  onOpenChange,
  title,
  form,
  onSubmit,
  submitLabel,
  pendingLabel,
  showSizeToggle,
  children,
  result,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  form: UseFormReturn<TValues, unknown, TOutput>;
  onSubmit: (values: TOutput) => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
  showSizeToggle?: boolean;
  /** The form's fields. */
  children: React.ReactNode;
  result: { title: string; description: React.ReactNode; content: React.ReactNode } | null;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showSizeToggle={showSizeToggle}>
        {result === null ? (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
            </DialogHeader>
            <DialogBody>
              <Form form={form} aria-label={title} onSubmit={onSubmit}>
                {children}
                <FormActions>
                  <Button variant="outline" onClick={close}>
                    Cancel
                  </Button>
                  <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
                </FormActions>
              </Form>
            </DialogBody>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{result.title}</DialogTitle>
              <DialogDescription>{result.description}</DialogDescription>
            </DialogHeader>
            {result.content}
            <FormActions>
              <Button onClick={close}>Done</Button>
            </FormActions>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
