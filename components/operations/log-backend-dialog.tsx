'use client';

import { useQuery } from '@tanstack/react-query';
import { LogBackendForm } from '@/components/operations/log-backend-form';
import { QueryState } from '@/components/list/query-state';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { LogBackend } from '@/lib/operations/endpoints';
import { settingsAdminQueries } from '@/lib/operations/queries';

/** The log-backend form in a modal: empty to add, filled from the record (or loaded by id for a link) to edit. */
export function LogBackendDialog({
  id,
  record,
  onClose,
}: {
  id?: string;
  record?: LogBackend;
  onClose: () => void;
}) {
  const query = useQuery({ ...settingsAdminQueries.logBackend(id ?? ''), enabled: Boolean(id) && !record });
  const title = id ? `Edit ${record?.name ?? query.data?.name ?? 'Log Backend'}` : 'Add Log Backend';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent showSizeToggle className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Name, labels and the backend&apos;s spec in YAML.</DialogDescription>
        </DialogHeader>
        <DialogBody>
          {!id ? (
            <LogBackendForm onSaved={onClose} onCancel={onClose} />
          ) : record ? (
            <LogBackendForm record={record} onSaved={onClose} onCancel={onClose} />
          ) : (
            <QueryState
              query={query}
              empty="The log backend was not found"
              errorTitle="The log backend could not be loaded"
              isEmpty={(r) => !r}
              compact
            >
              {(found) => <LogBackendForm record={found} onSaved={onClose} onCancel={onClose} />}
            </QueryState>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
