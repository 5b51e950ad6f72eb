'use client';

import * as React from 'react';
import { Age } from '@/components/widgets/age';
import { Button } from '@/components/ui/button';
import { Markdown } from '@/components/widgets/markdown';
import { Textarea } from '@/components/ui/textarea';
import { PersonChip, Section } from '@/components/incidents/incident-parts';
import { useIncidentAction } from '@/components/incidents/use-incident-action';
import type { IncidentComment } from '@/lib/incidents/endpoints';
import { byCreatedAt, commentAuthor } from '@/lib/incidents/investigation';

export const COMMENT_DELETED = 'Comment deleted successfully';

export interface CommentThreadProps {
  incidentId: string;
  /** The hypothesis the thread belongs to; null for the incident's own comments. */
  hypothesisId: string | null;
  /** The hypothesis's title, which names the list and the new-comment box. */
  subject?: string;
  comments: readonly IncidentComment[];
  /** May post (write on comments at the backend: admin, commander, responder). */
  canComment: boolean;
  personId: string;
}

/**
 * A thread of comments with author, time and a markdown body: posting needs `canComment`, and only one's own
 * comments can be deleted (the backend's created_by filter agrees).
 */
export function CommentThread({
  incidentId,
  hypothesisId,
  subject,
  comments,
  canComment,
  personId,
}: CommentThreadProps) {
  const [text, setText] = React.useState('');
  const add = useIncidentAction(incidentId, (e, comment: string) =>
    e.createCommentEndpoint({ incidentId, personId, comment, hypothesisId }),
  );
  const remove = useIncidentAction(
    incidentId,
    (e, id: string) => e.deleteCommentEndpoint(id, personId),
    () => COMMENT_DELETED,
  );
  const sorted = React.useMemo(() => byCreatedAt(comments), [comments]);
  const label = subject ? `Comments on ${subject}` : 'Comments';
  return (
    <div className="flex flex-col gap-3">
      {sorted.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet</p>
      ) : (
        <ul aria-label={label} className="flex flex-col gap-3">
          {sorted.map((c) => (
            <li key={c.id} className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <CommentAuthor comment={c} />
                {c.created_at && <Age from={c.created_at} className="text-xs text-muted-foreground" />}
                {canComment && c.created_by?.id === personId && (
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
      {canComment && (
        <form
          className="flex flex-col gap-2"
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
            aria-label={subject ? `New comment on ${subject}` : 'New comment'}
            placeholder="Add a comment (markdown)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={hypothesisId ? 2 : 3}
          />
          <Button type="submit" size="sm" className="self-end" disabled={add.pending || !text.trim()}>
            {add.pending ? 'Commenting...' : 'Comment'}
          </Button>
        </form>
      )}
    </div>
  );
}

/** The incident's own comments (those on no hypothesis, or on one that no longer exists). */
export function IncidentComments(props: Omit<CommentThreadProps, 'hypothesisId' | 'subject'>) {
  return (
    <Section title="Comments">
      <CommentThread {...props} hypothesisId={null} />
    </Section>
  );
}

function CommentAuthor({ comment }: { comment: IncidentComment }) {
  const { author, via } = commentAuthor(comment);
  return (
    <>
      <PersonChip person={author} />
      {via && <span className="text-xs text-muted-foreground">via {via}</span>}
    </>
  );
}
