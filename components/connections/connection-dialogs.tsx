'use client';

import * as React from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircleIcon, PlugZapIcon, Trash2Icon } from 'lucide-react';
import { LazyConnectionForm } from '@/components/connections/lazy-connection-form';
import { useAccess } from '@/components/shell/session-provider';
import { QueryState } from '@/components/list/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { Dialog, DialogBody, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { errorMessageOf, toastCreated, toastDeleted, toastUpdated } from '@/components/widgets/toast';
import type { Connection } from '@/lib/connections/endpoints';
import type { ConnectionPayload } from '@/lib/connections/types';
import {
  useDeleteConnection,
  useSaveConnection,
  useTestConnection,
  type ConnectionTestOutcome,
} from '@/lib/connections/mutations';
import { connectionQueries } from '@/lib/connections/queries';
import { connectionPermissionsHref } from '@/lib/access';

const dialogTitle = (title: string) => <DialogTitle>{title}</DialogTitle>;

/** Add: the type picker, then the type's form; saved, the list refetches and shows the new row. */
export function AddConnectionDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const save = useSaveConnection(undefined);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent showSizeToggle aria-describedby={undefined} className="sm:max-w-4xl">
        <DialogBody>
          <LazyConnectionForm
            renderTitle={dialogTitle}
            onCancel={onClose}
            onSubmit={async (payload: ConnectionPayload, { name }: { name: string }) => {
              await save.mutateAsync(payload);
              toastCreated(name);
              onCreated();
            }}
          />
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

/** The backend's answer to a test, success or its error text, kept in the dialog until the next test. */
function TestOutcome({ outcome }: { outcome: ConnectionTestOutcome }) {
  return (
    <p
      role="status"
      data-testid="connection-test-result"
      className={
        outcome.ok
          ? 'rounded-md border border-emerald-600/40 bg-emerald-600/5 p-2 text-sm break-words'
          : 'rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm break-words'
      }
    >
      <span className="font-medium">
        {outcome.ok ? 'Connection test succeeded: ' : 'Connection test failed: '}
      </span>
      {outcome.text}
    </p>
  );
}

function EditBody({
  connection,
  canWrite,
  onClose,
}: {
  connection: Connection;
  canWrite: boolean;
  onClose: () => void;
}) {
  const save = useSaveConnection(connection.id);
  const remove = useDeleteConnection(connection.id);
  const test = useTestConnection(connection.id);
  const [confirming, setConfirming] = React.useState(false);
  const outcome: ConnectionTestOutcome | null = test.isError
    ? { ok: false, text: errorMessageOf(test.error) }
    : (test.data ?? null);
  // The connection's permissions are the permissions list filtered to it (issue 20), for who may read them.
  const canReadPermissions = useAccess().can('permissions', 'read');

  const actions = (
    <>
      {canReadPermissions ? (
        <Button asChild variant="ghost">
          <Link href={connectionPermissionsHref(connection.id)} prefetch={false}>
            Permissions
          </Link>
        </Button>
      ) : null}
      {canWrite ? (
        <>
          <Button type="button" variant="outline" onClick={() => test.mutate()} disabled={test.isPending}>
            {test.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden />
            ) : (
              <PlugZapIcon aria-hidden />
            )}
            {test.isPending ? 'Testing...' : 'Test Connection'}
          </Button>
          <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
            <Trash2Icon aria-hidden />
            Delete
          </Button>
        </>
      ) : null}
    </>
  );

  return (
    <>
      <LazyConnectionForm
        record={connection}
        readOnly={!canWrite}
        renderTitle={dialogTitle}
        onCancel={onClose}
        actions={actions}
        onSubmit={async (payload: ConnectionPayload, { name }: { name: string }) => {
          // An edit whose changes cancel out sends nothing.
          if (Object.keys(payload).length > 0) await save.mutateAsync(payload);
          toastUpdated(name);
          onClose();
        }}
      />
      {outcome ? <TestOutcome outcome={outcome} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${connection.name}`}
        pendingLabel="Deleting..."
        onConfirm={async () => {
          await remove.mutateAsync();
          toastDeleted(connection.name);
          onClose();
        }}
      />
    </>
  );
}

/** Edit (a row's id in the URL): the type's form filled from the row, with Test Connection and Delete. */
export function EditConnectionDialog({
  id,
  canWrite,
  onClose,
}: {
  id: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const query = useQuery(connectionQueries.detail(id));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent showSizeToggle aria-describedby={undefined} className="sm:max-w-4xl">
        <DialogBody>
          <QueryState
            query={query}
            empty="This connection does not exist or was deleted"
            errorTitle="The connection could not be loaded"
            compact
          >
            {(connection) => (
              <EditBody key={connection.id} connection={connection} canWrite={canWrite} onClose={onClose} />
            )}
          </QueryState>
          {query.data === undefined || query.data === null ? (
            // The dialog needs a title while the record loads or is missing (screen readers announce it).
            <DialogTitle className="sr-only">Connection</DialogTitle>
          ) : null}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
