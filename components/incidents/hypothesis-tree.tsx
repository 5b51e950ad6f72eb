'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { EvidenceItem } from '@/components/incidents/evidence-item';
import { CommentThread } from '@/components/incidents/incident-comments';
import { Section } from '@/components/incidents/incident-parts';
import { useIncidentAction } from '@/components/incidents/use-incident-action';
import type { Hypothesis, IncidentComment, IncidentDetail } from '@/lib/incidents/endpoints';
import { capitalize } from '@/lib/incidents/model';
import {
  buildHypothesisTree,
  childTypeOf,
  HYPOTHESIS_STATUSES,
  subtreeIds,
  type HypothesisNode,
} from '@/lib/incidents/investigation';

const ConfirmDialog = dynamic(
  () => import('@/components/widgets/confirm-dialog').then((m) => m.ConfirmDialog),
  {
    ssr: false,
  },
);

type Node = HypothesisNode<Hypothesis>;

interface TreeActions {
  canWrite: boolean;
  canComment: boolean;
  personId: string;
  incidentId: string;
  comments: ReadonlyMap<string, readonly IncidentComment[]>;
  add: (parent: Node | null, title: string) => Promise<void>;
  rename: (node: Node, title: string) => Promise<void>;
  setStatus: (node: Node, status: string) => Promise<void>;
  askDelete: (node: Node) => void;
}

/** A one-line title editor (add a child, rename): Enter or Save submits, Escape or Cancel closes. */
function TitleEditor({
  label,
  initial = '',
  onSave,
  onCancel,
}: {
  label: string;
  initial?: string;
  onSave: (title: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [title, setTitle] = React.useState(initial);
  const [pending, setPending] = React.useState(false);
  return (
    <form
      className="mt-2 flex flex-wrap items-center gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!title.trim()) return;
        setPending(true);
        try {
          await onSave(title.trim());
          onCancel();
        } catch {
          // reported by the action
        } finally {
          setPending(false);
        }
      }}
    >
      <Input
        aria-label={label}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        className="h-8 min-w-40 flex-1"
        autoFocus
      />
      <Button type="submit" size="sm" disabled={pending || !title.trim()}>
        {pending ? 'Saving...' : 'Save'}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}

function HypothesisItem({ node, actions }: { node: Node; actions: TreeActions }) {
  const [mode, setMode] = React.useState<'none' | 'add' | 'rename'>('none');
  const comments = actions.comments.get(node.id) ?? [];
  // A thread with comments is open at first; an empty one opens on demand, so the tree stays compact.
  const [showComments, setShowComments] = React.useState(comments.length > 0);
  const threadId = React.useId();
  const childType = childTypeOf(node.type);
  const evidences = node.evidences ?? [];
  return (
    <li className="min-w-0 border-l-2 border-border pl-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{capitalize(node.type ?? 'root')}</Badge>
        <span className="min-w-0 break-words font-medium">{node.title}</span>
        {actions.canWrite ? (
          <NativeSelect
            aria-label={`Status of ${node.title}`}
            value={node.status ?? 'possible'}
            onChange={(e) => void actions.setStatus(node, e.target.value).catch(() => undefined)}
            className="h-7 w-auto text-xs"
          >
            {HYPOTHESIS_STATUSES.map((s) => (
              <option key={s} value={s}>
                {capitalize(s)}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Badge variant="secondary">{capitalize(node.status ?? 'possible')}</Badge>
        )}
        {actions.canWrite && (
          <span className="flex flex-wrap gap-1">
            {childType && (
              <Button size="sm" variant="ghost" className="h-7" onClick={() => setMode('add')}>
                Add {childType}
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              className="h-7"
              onClick={() => setMode('rename')}
              aria-label={`Rename ${node.title}`}
            >
              Rename
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="h-7 text-destructive"
              onClick={() => actions.askDelete(node)}
              aria-label={`Delete ${node.title}`}
            >
              Delete
            </Button>
          </span>
        )}
      </div>
      {mode === 'rename' && (
        <TitleEditor
          label="Hypothesis title"
          initial={node.title}
          onSave={(t) => actions.rename(node, t)}
          onCancel={() => setMode('none')}
        />
      )}
      {mode === 'add' && childType && (
        <TitleEditor
          label={`New ${childType} title`}
          onSave={(t) => actions.add(node, t)}
          onCancel={() => setMode('none')}
        />
      )}
      {evidences.length > 0 && (
        <ul aria-label={`Evidence of ${node.title}`} className="mt-2 flex flex-col gap-2">
          {evidences.map((e) => (
            <EvidenceItem
              key={e.id}
              evidence={e}
              incidentId={actions.incidentId}
              canWrite={actions.canWrite}
            />
          ))}
        </ul>
      )}
      <div className="mt-2">
        <Button
          size="sm"
          variant="ghost"
          className="h-7 px-2 text-xs"
          aria-expanded={showComments}
          aria-controls={threadId}
          aria-label={`Comments on ${node.title} (${comments.length})`}
          onClick={() => setShowComments((v) => !v)}
        >
          {showComments ? 'Hide comments' : `Comments (${comments.length})`}
        </Button>
        {showComments && (
          <div id={threadId} className="mt-2 pl-2">
            <CommentThread
              incidentId={actions.incidentId}
              hypothesisId={node.id}
              subject={node.title}
              comments={comments}
              canComment={actions.canComment}
              personId={actions.personId}
            />
          </div>
        )}
      </div>
      {node.children.length > 0 && (
        <ul className="mt-3 flex flex-col gap-3">
          {node.children.map((child) => (
            <HypothesisItem key={child.id} node={child} actions={actions} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The hypothesis tree root → factor → solution (spec 000 §4) with each hypothesis's evidence and comments. */
export function HypothesisTree({
  incident,
  canWrite,
  canComment,
  comments,
  personId,
}: {
  incident: IncidentDetail;
  canWrite: boolean;
  canComment: boolean;
  /** Each hypothesis's comments (splitComments). */
  comments: ReadonlyMap<string, readonly IncidentComment[]>;
  personId: string;
}) {
  const hypotheses = React.useMemo(() => incident.hypotheses ?? [], [incident.hypotheses]);
  const tree = React.useMemo(() => buildHypothesisTree(hypotheses), [hypotheses]);
  const [adding, setAdding] = React.useState(false);
  const [deleting, setDeleting] = React.useState<Node | null>(null);
  const create = useIncidentAction(incident.id, (e, v: { parent: Node | null; title: string }) =>
    e.createHypothesisEndpoint({
      incidentId: incident.id,
      parentId: v.parent?.id ?? null,
      type: v.parent ? (childTypeOf(v.parent.type) ?? 'solution') : 'root',
      title: v.title,
      personId,
    }),
  );
  const update = useIncidentAction(
    incident.id,
    (e, v: { id: string; patch: { title?: string; status?: string } }) =>
      e.updateHypothesisEndpoint(v.id, v.patch),
  );
  const remove = useIncidentAction(
    incident.id,
    (e, ids: string[]) => e.deleteHypothesesEndpoint(ids),
    () => 'Hypothesis deleted successfully',
  );
  const actions: TreeActions = {
    canWrite,
    canComment,
    personId,
    comments,
    incidentId: incident.id,
    add: (parent, title) => create.run({ parent, title }),
    rename: (node, title) => update.run({ id: node.id, patch: { title } }),
    setStatus: (node, status) => update.run({ id: node.id, patch: { status } }),
    askDelete: setDeleting,
  };
  const doomed = deleting ? subtreeIds(hypotheses, deleting.id) : [];
  return (
    <Section
      title="Hypotheses"
      actions={
        canWrite && (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            Add root hypothesis
          </Button>
        )
      }
    >
      {adding && (
        <TitleEditor
          label="New root hypothesis title"
          onSave={(t) => actions.add(null, t)}
          onCancel={() => setAdding(false)}
        />
      )}
      {tree.length === 0 ? (
        <p className="text-sm text-muted-foreground">No hypotheses yet</p>
      ) : (
        <ul aria-label="Hypothesis tree" className="flex flex-col gap-4">
          {tree.map((node) => (
            <HypothesisItem key={node.id} node={node} actions={actions} />
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={`Delete ${deleting.title}`}
          description={
            doomed.length > 1
              ? `This deletes the hypothesis, its ${doomed.length - 1} sub-hypotheses and all their evidence and comments. Are you sure?`
              : 'This deletes the hypothesis with its evidence and comments. Are you sure?'
          }
          pendingLabel="Deleting..."
          onConfirm={() => remove.run(doomed)}
        />
      )}
    </Section>
  );
}
