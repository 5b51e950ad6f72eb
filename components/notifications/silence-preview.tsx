'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { SendStatus } from '@/components/notifications/send-cells';
import { usePreferences } from '@/components/shell/preferences-provider';
import { QueryState } from '@/components/list/query-state';
import { Age } from '@/components/widgets/age';
import { Badge } from '@/components/ui/badge';
import type { SilencePreview, SilenceRequest } from '@/lib/notifications/endpoints';
import { notificationQueries } from '@/lib/notifications/queries';

const SHOWN_RESOURCES = 10;
const SHOWN_SENDS = 25;

function plural(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

function Counts({ counts, label }: { counts: Record<string, number>; label: string }) {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  if (entries.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1">
      {entries.map(([key, n]) => (
        <li key={key}>
          <Badge variant="secondary">
            {key}: {n}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function PreviewResult({ preview }: { preview: SilencePreview }) {
  const { preferences } = usePreferences();
  const fmt = { format: preferences.datetimeFormat, timezone: preferences.timezone };
  const { matches, history } = preview;
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Matching resources" className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">Matches {plural(matches.total, 'resource')} now</h3>
        <Counts counts={matches.by_kind} label="Matching resources by kind" />
        {matches.resources.length > 0 && (
          <ul className="divide-y divide-border rounded-md border border-border text-sm">
            {matches.resources.slice(0, SHOWN_RESOURCES).map((r) => (
              <li key={`${r.kind}:${r.id}`} className="flex justify-between gap-2 px-2 py-1">
                <span className="truncate">{r.name ?? r.id}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{r.type ?? r.kind}</span>
              </li>
            ))}
            {matches.total > SHOWN_RESOURCES && (
              <li className="px-2 py-1 text-xs text-muted-foreground">
                and {plural(matches.total - SHOWN_RESOURCES, 'more')}
              </li>
            )}
          </ul>
        )}
      </section>
      <section aria-label="Notifications it would have held back" className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">
          Would have held back {plural(history.total, 'notification')} since{' '}
          <Age from={preview.window.from} mode="absolute" {...fmt} />
        </h3>
        <Counts counts={history.by_status} label="Held back notifications by status" />
        {history.notifications.length > 0 ? (
          <table className="w-full text-sm" aria-label="Notifications this silence would have held back">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 font-normal">Age</th>
                <th className="py-1 font-normal">Resource</th>
                <th className="py-1 font-normal">Notification</th>
                <th className="py-1 font-normal">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {history.notifications.slice(0, SHOWN_SENDS).map((n) => (
                <tr key={n.id}>
                  <td className="py-1 pr-2">
                    <Age from={n.created_at} {...fmt} />
                  </td>
                  <td className="max-w-48 truncate py-1 pr-2">{n.resource?.name ?? ''}</td>
                  <td className="max-w-40 truncate py-1 pr-2">{n.notification?.name ?? ''}</td>
                  <td className="py-1">
                    <SendStatus status={n.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-muted-foreground">
            No notifications in this window were about these resources.
          </p>
        )}
      </section>
    </div>
  );
}

/** What a draft silence would hold back (POST /notification/silence/preview), shown beside the form as it changes. */
export function SilencePreviewPanel({ body }: { body: Omit<SilenceRequest, 'name'> | null }) {
  const query = useQuery({ ...notificationQueries.preview(body ?? {}), enabled: body !== null });
  return (
    <aside aria-label="Preview" className="flex min-w-0 flex-col gap-3 rounded-md border border-border p-4">
      <h2 className="font-semibold">Preview</h2>
      {body === null ? (
        <p className="text-sm text-muted-foreground">
          Choose a resource, a filter or a label selector to see what this silence would hold back.
        </p>
      ) : (
        <QueryState
          query={query}
          compact
          empty="Nothing to preview"
          errorTitle="The preview could not be loaded"
        >
          {(preview) => <PreviewResult preview={preview} />}
        </QueryState>
      )}
    </aside>
  );
}
