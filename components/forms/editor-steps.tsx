'use client';

import * as React from 'react';
import { ArrowLeftIcon } from 'lucide-react';
import { FormActions, SubmitButton } from '@/components/forms/form';
import { Button } from '@/components/ui/button';

/**
 * The steps an editor of typed records shares (connections, resource tables): the type picker with Cancel, the
 * details form's Back to it, and the footer with the screen's actions, Cancel and Save.
 */

/** The default title of a step: a heading (dialogs pass their own, e.g. a dialog title). */
export const stepHeading = (title: string) => <h2 className="text-lg font-semibold">{title}</h2>;

/** A step of the editor: its title above its content. */
export function EditorStep({ title, children }: { title: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      {title}
      {children}
    </div>
  );
}

/** The type picker's step: the picker, then Cancel when the screen offers one. */
export function PickerStep({
  title,
  onCancel,
  children,
}: {
  title: React.ReactNode;
  onCancel?: () => void;
  children: React.ReactNode;
}) {
  return (
    <EditorStep title={title}>
      {children}
      {onCancel ? (
        <div className="flex justify-end">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      ) : null}
    </EditorStep>
  );
}

/** Back from a picked type's details to the picker. */
export function BackToPicker({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="sm" className="self-start" onClick={onClick}>
      <ArrowLeftIcon aria-hidden />
      Back
    </Button>
  );
}

/** The editor's footer: the screen's actions at the start; Cancel and Save (hidden when read-only) at the end. */
export function EditorFooter({
  onCancel,
  actions,
  readOnly,
  edit,
  submitLabel = 'Save',
}: {
  onCancel?: () => void;
  actions?: React.ReactNode;
  readOnly?: boolean;
  edit: boolean;
  /** The submit button's text ('Update' where a spec names it for editing). */
  submitLabel?: string;
}) {
  return (
    <FormActions className="sm:justify-between">
      <div className="flex flex-wrap gap-2">{actions}</div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        {readOnly ? null : (
          <SubmitButton
            pendingLabel={submitLabel === 'Update' ? 'Updating...' : 'Saving...'}
            requireChanges={edit}
          >
            {submitLabel}
          </SubmitButton>
        )}
      </div>
    </FormActions>
  );
}
