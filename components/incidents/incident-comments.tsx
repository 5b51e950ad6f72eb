'use client';

import * as React from 'react';
import { Age } from '@/components/ui/age';
import { Button } from '@/components/ui/button';
import { Markdown } from '@/components/ui/markdown';
import { Textarea } from '@/components/ui/textarea';
import { PersonChip, Section } from '@/components/incidents/incident-parts';
import { useIncidentAction } from '@/components/incidents/use-incident-action';
import type { IncidentComment } from '@/lib/backend/endpoints/incidents';

/** Comments with author, time and a markdown body; add one, delete one's own. */
export function IncidentComments({
  incidentId,
  comments,
  canWrite,
  personId,
}: {
  incidentId: string;
  comments: readonly IncidentComment[];
  canWrite: boolean;
  personId: string;
}) {
  const [text, setText] = React.useState('');
  const add = useIncidentAction(incidentId, (e, comment: string) =>
    e.createCommentEndpoint({ incidentId, personId, comment }),
  );
  const remove = useIncidentAction(
    incidentId,
    (e, id: string) => e.deleteCommentEndpoint(id, personId),
    () => 'Comment deleted successfully',
  );
  const sorted = React.useMemo(
    () => [...comments].sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '')),
    [comments],
  );
  return (
    <Section title="Comments">
      {sorted.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet</p>
      ) : (
        <ul aria-label="Comments" className="flex flex-col gap-3">
          {sorted.map((c) => (
            <li key={c.id} className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <PersonChip
                  person={c.created_by ?? (c.external_created_by ? { name: c.external_created_by } : null)}
                />
                {c.created_at && <Age from={c.created_at} className="text-xs text-muted-foreground" />}
                {canWrite && c.created_by?.id === personId && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="ml-auto h-7 text-destructive"
                    disabled={remove.pending}
                    onClick={() => void remove.run(c.id).catch(() => undefined)}
                  >
                    Delete comment
                  </Button>
                )}
              </div>
              <Markdown source={c.comment} className="break-words" />
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!text.trim()) return;
            try {
              await add.run(text.trim());
              setText('');
            } catch {
              // reported by the action; the text stays
            }
          }}
        >
          <Textarea
            aria-label="New comment"
            placeholder="Add a comment (markdown)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
          />
          <Button type="submit" size="sm" className="self-end" disabled={add.pending || !text.trim()}>
            {add.pending ? 'Commenting...' : 'Comment'}
          </Button>
        </form>
      )}
    </Section>
  );
}
