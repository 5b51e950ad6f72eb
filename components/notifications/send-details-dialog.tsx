'use client';

import * as React from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { recipientOf, SendResource, SendStatus } from '@/components/notifications/send-cells';
import { usePreferences } from '@/components/shell/preferences-provider';
import { QueryState } from '@/components/list/query-state';
import { Age } from '@/components/widgets/age';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Markdown } from '@/components/widgets/markdown';
import type { NotificationSend } from '@/lib/notifications/endpoints';
import { formatDuration } from '@/lib/format/duration';
import { notificationQueries } from '@/lib/notifications/queries';
import { notificationRuleHref } from '@/lib/notifications/href';
import { playbookRunHref } from '@/lib/playbooks';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children || '–'}</dd>
    </div>
  );
}

/** The silence that held a send back: its name, what it covers and until when. */
function SilenceSummary({ id }: { id: string }) {
  const silence = useQuery(notificationQueries.silence(id));
  return (
    <QueryState
      query={silence}
      compact
      empty="The silence was not found"
      errorTitle="The silence could not be loaded"
    >
      {(s) => (
        <p className="text-sm">
          <Link href="/notifications/silences" className="font-medium hover:underline">
            {s.name}
          </Link>
          {s.description ? ` — ${s.description}` : ''}
          <span className="block text-xs text-muted-foreground">
            {s.until ? (
              <>
                until <Age from={s.until} mode="absolute" />
              </>
            ) : (
              'Indefinitely'
            )}
            {s.deleted_at ? ' (deleted)' : ''}
          </span>
        </p>
      )}
    </QueryState>
  );
}

function SendDetails({ send }: { send: NotificationSend }) {
  const { preferences } = usePreferences();
  const fmt = { format: preferences.datetimeFormat, timezone: preferences.timezone };
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <Field label="Resource">
          <SendResource send={send} />
        </Field>
        <Field label="Status">
          <SendStatus status={send.status} />
        </Field>
        <Field label="Event">{send.source_event}</Field>
        <Field label="Notification">
          {send.notification ? (
            <Link href={notificationRuleHref(send.notification.id)} className="hover:underline">
              {send.notification.name ?? send.notification.id}
            </Link>
          ) : null}
        </Field>
        <Field label="Recipient">{recipientOf(send)}</Field>
        <Field label="Sent">
          <Age from={send.created_at} mode="absolute" {...fmt} />
        </Field>
        <Field label="First observed">
          {send.first_observed ? <Age from={send.first_observed} mode="absolute" {...fmt} /> : null}
        </Field>
        <Field label="Count">{send.count ?? 1}</Field>
        <Field label="Duration">
          {send.duration_millis !== null && send.duration_millis !== undefined
            ? formatDuration(send.duration_millis)
            : null}
        </Field>
      </dl>
      {send.error && (
        <section aria-label="Error" className="rounded-md border border-destructive/40 bg-destructive/5 p-3">
          <h3 className="text-sm font-medium text-destructive">Error</h3>
          <p className="font-mono text-xs break-words whitespace-pre-wrap">{send.error}</p>
        </section>
      )}
      {send.playbook_run && (
        <section aria-label="Playbook run">
          <h3 className="text-sm font-medium">Playbook run</h3>
          <Link href={playbookRunHref(send.playbook_run.id)} className="text-sm hover:underline">
            {send.playbook_run.playbook_name ?? 'Playbook'} ({send.playbook_run.status ?? 'unknown'})
          </Link>
        </section>
      )}
      {send.silenced_by && (
        <section aria-label="Silenced by">
          <h3 className="text-sm font-medium">Silenced by</h3>
          <SilenceSummary id={send.silenced_by} />
        </section>
      )}
      <section aria-label="Message" className="rounded-md border border-border p-3">
        {send.body ? (
          <Markdown source={send.body} />
        ) : (
          <p className="text-sm text-muted-foreground">No details found</p>
        )}
      </section>
    </div>
  );
}

/** A send's details (the row's `id` in the URL): the body as markdown, the error, the run it started, the silence. */
export function SendDetailsDialog({
  id,
  summary,
  onClose,
}: {
  id: string;
  summary?: NotificationSend;
  onClose: () => void;
}) {
  const query = useQuery(notificationQueries.send(id));
  const title = (query.data ?? summary)?.notification?.name ?? 'Notification';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent showSizeToggle className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{(query.data ?? summary)?.source_event ?? ' '}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <QueryState
            query={query}
            empty="This notification was not found"
            errorTitle="The notification could not be loaded"
          >
            {(send) => <SendDetails send={send} />}
          </QueryState>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
