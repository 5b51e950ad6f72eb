'use client';

import { Dialog, DialogBody, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ResourceEditor, type ResourceEditorProps } from '@/components/resources/resource-editor';
import type { ResourceTableName } from '@/lib/resources/resource-tables';

/** The resource editor in a modal (Add on a list, "Add health check" on /health); loaded when it opens. */
export function AddResourceDialog({
  table,
  open,
  onOpenChange,
  initialSpecType,
  onSpecTypeChange,
  onSaved,
}: {
  table: ResourceTableName;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialSpecType?: string;
  onSpecTypeChange?: (type: string | undefined) => void;
  onSaved?: ResourceEditorProps['onSaved'];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showSizeToggle className="sm:max-w-4xl">
        <DialogBody>
          <DialogDescription className="sr-only">
            Choose a type, fill in the form or the code, and save.
          </DialogDescription>
          <ResourceEditor
            table={table}
            initialSpecType={initialSpecType}
            onSpecTypeChange={onSpecTypeChange}
            renderTitle={(title) => <DialogTitle>{title}</DialogTitle>}
            onCancel={() => onOpenChange(false)}
            onSaved={(row, context) => {
              onOpenChange(false);
              onSaved?.(row, context);
            }}
          />
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
