'use client';

import { TimeCell } from '@/components/operations/cells';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { EventQueueItem } from '@/lib/operations/endpoints';

/** One event name's queue: its counts, failure times and the most common error. */
export function EventQueueDetails({
  name,
  item,
  onClose,
}: {
  name: string;
  item: EventQueueItem | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{name}</DialogTitle>
          <DialogDescription>
            {item ? 'Queued events of this name' : 'No queued events of this name'}
          </DialogDescription>
        </DialogHeader>
        {item && (
          <DialogBody className="space-y-4">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Pending Count</dt>
              <dd>{item.pending ?? 0}</dd>
              <dt className="text-muted-foreground">Error Count</dt>
              <dd>{item.failed ?? 0}</dd>
              <dt className="text-muted-foreground">Average Attempts</dt>
              <dd>{item.average_attempts ?? '–'}</dd>
              <dt className="text-muted-foreground">First Failed At</dt>
              <dd>{item.first_failure ? <TimeCell value={item.first_failure} /> : '–'}</dd>
              <dt className="text-muted-foreground">Last Failed At</dt>
              <dd>{item.last_failure ? <TimeCell value={item.last_failure} /> : '–'}</dd>
            </dl>
            <section className="space-y-1">
              <h3 className="text-sm font-medium">Most Common Error</h3>
              {item.most_common_error ? (
                <pre
                  className="max-h-[40vh] overflow-auto whitespace-pre-wrap break-words rounded-md border border-border bg-muted/40 p-3 text-xs"
                  tabIndex={0}
                >
                  {item.most_common_error}
                </pre>
              ) : (
                <p className="text-sm text-muted-foreground">No errors</p>
              )}
            </section>
          </DialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}
