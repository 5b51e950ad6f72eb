/**
 * The incident page's pure rules (spec 000 §4): the hypothesis tree, the subtree a delete removes, comments and
 * their authors, and the timeline built from incident_histories.
 */

export const HYPOTHESIS_STATUSES = [
  'proven',
  'likely',
  'possible',
  'unlikely',
  'improbable',
  'disproven',
] as const;
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number];

export const HYPOTHESIS_TYPES = ['root', 'factor', 'solution'] as const;
export type HypothesisType = (typeof HYPOTHESIS_TYPES)[number];

/** The child type chain root → factor → solution; a solution has no children (spec 000 §4). */
export function childTypeOf(type: string | null | undefined): HypothesisType | null {
  if (type === 'root' || !type) return 'factor';
  if (type === 'factor') return 'solution';
  return null;
}

export interface HypothesisLike {
  id: string;
  parent_id?: string | null;
  created_at?: string | null;
}

export type HypothesisNode<T extends HypothesisLike> = T & { children: HypothesisNode<T>[] };

/**
 * Nests hypotheses by parent_id, oldest first at every level. A hypothesis whose parent is missing (deleted, or
 * from another incident) becomes a root, so nothing the backend sent is hidden; a parent cycle is broken there too.
 */
export function buildHypothesisTree<T extends HypothesisLike>(items: readonly T[]): HypothesisNode<T>[] {
  const nodes = new Map<string, HypothesisNode<T>>();
  for (const item of items) nodes.set(item.id, { ...item, children: [] });
  const byAge = (a: HypothesisNode<T>, b: HypothesisNode<T>) =>
    (a.created_at ?? '').localeCompare(b.created_at ?? '') || a.id.localeCompare(b.id);
  const roots: HypothesisNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    if (parent && parent !== node && !isAncestor(node, parent, nodes)) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: HypothesisNode<T>[]) => {
    list.sort(byAge);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

function isAncestor<T extends HypothesisLike>(
  candidate: HypothesisNode<T>,
  of: HypothesisNode<T>,
  nodes: Map<string, HypothesisNode<T>>,
): boolean {
  const seen = new Set<string>();
  let current: HypothesisNode<T> | undefined = of;
  while (current?.parent_id && !seen.has(current.id)) {
    seen.add(current.id);
    if (current.parent_id === candidate.id) return true;
    current = nodes.get(current.parent_id);
  }
  return false;
}

/** The ids a delete removes: the hypothesis and every descendant (one DELETE with id=in.(…), one transaction). */
export function subtreeIds(items: readonly HypothesisLike[], id: string): string[] {
  const children = new Map<string, string[]>();
  for (const h of items)
    if (h.parent_id) children.set(h.parent_id, [...(children.get(h.parent_id) ?? []), h.id]);
  const out: string[] = [];
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.shift() as string;
    if (out.includes(next)) continue;
    out.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return out;
}

// ---- timeline ----------------------------------------------------------------------------------------------------

export interface CommentLike {
  hypothesis_id?: string | null;
  created_at?: string | null;
}

interface AuthorRef {
  name?: string | null;
  avatar?: string | null;
  icon?: string | null;
}

/**
 * Who a comment shows as its author: the team of the responder it was written as (the earlier console did so), else
 * the person who wrote it, else the external author (a Slack or Jira user); `via` names the person behind a team.
 */
export function commentAuthor(comment: {
  created_by?: AuthorRef | null;
  external_created_by?: string | null;
  responder?: { team?: AuthorRef | null } | null;
}): { author: AuthorRef | null; via: string | null } {
  const team = comment.responder?.team;
  if (team?.name) return { author: team, via: comment.created_by?.name ?? null };
  if (comment.created_by) return { author: comment.created_by, via: null };
  return { author: comment.external_created_by ? { name: comment.external_created_by } : null, via: null };
}

/** Oldest first, as a conversation reads; comments without a time go first. */
export function byCreatedAt<T extends CommentLike>(comments: readonly T[]): T[] {
  return [...comments].sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? ''));
}

/**
 * Splits comments into the incident's own and those on each hypothesis (upstream fetched the latter under each
 * hypothesis). A comment whose hypothesis is not among `hypothesisIds` stays visible with the incident's own.
 */
export function splitComments<T extends CommentLike>(
  comments: readonly T[],
  hypothesisIds: Iterable<string>,
): { incident: T[]; byHypothesis: Map<string, T[]> } {
  const known = new Set(hypothesisIds);
  const incident: T[] = [];
  const byHypothesis = new Map<string, T[]>();
  for (const c of comments) {
    const h = c.hypothesis_id;
    if (h && known.has(h)) byHypothesis.set(h, [...(byHypothesis.get(h) ?? []), c]);
    else incident.push(c);
  }
  return { incident, byHypothesis };
}

export const TIMELINE_KINDS = [
  'status',
  'severity',
  'hypothesis',
  'evidence',
  'comment',
  'responder',
  'incident',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  status: 'Status',
  severity: 'Severity',
  hypothesis: 'Hypotheses',
  evidence: 'Evidence',
  comment: 'Comments',
  responder: 'Responders',
  incident: 'Incident',
};

export interface HistoryLike {
  id: string;
  type?: string | null;
  description?: string | null;
  created_at?: string | null;
}

/** The timeline kind of an incident_histories type (`incident.status_updated`, `hypothesis.created`, …). */
export function timelineKindOf(type: string | null | undefined): TimelineKind {
  const t = type ?? '';
  if (t === 'incident.status_updated') return 'status';
  if (t === 'incident.severity_updated') return 'severity';
  if (t.startsWith('hypothesis.')) return 'hypothesis';
  if (t.startsWith('evidence.')) return 'evidence';
  if (t === 'responder.commented' || t.startsWith('comment.')) return 'comment';
  if (t.startsWith('responder.')) return 'responder';
  return 'incident';
}

/** What a history entry says, in words (the record it names is shown beside it). */
export function timelineText(entry: HistoryLike): string {
  const d = entry.description ?? '';
  switch (entry.type) {
    case 'incident.created':
      return `created the incident${d ? ` "${d}"` : ''}`;
    case 'incident.status_updated':
      return `changed the status to ${d}`;
    case 'incident.severity_updated':
      return `changed the severity to ${d}`;
    case 'hypothesis.created':
      return `added the hypothesis "${d}"`;
    case 'hypothesis.status_updated':
      return `marked a hypothesis ${d}`;
    case 'evidence.created':
      return `attached evidence${d ? `: ${d}` : ''}`;
    case 'evidence.done_definition_added':
      return `changed a definition of done${d ? `: ${d}` : ''}`;
    case 'responder.created':
      return 'added a responder';
    case 'responder.commented':
      return 'commented';
    default:
      return (entry.type ?? 'updated').replace(/[._]/g, ' ') + (d ? `: ${d}` : '');
  }
}

/** How many characters of a comment the timeline shows before it offers the rest. */
export const TIMELINE_TEXT_LIMIT = 140;

/**
 * The text a comment entry quotes: the comment itself when embedded (the history's description is cut at 200
 * characters by the backend), else that description; other entries carry theirs in `timelineText`.
 */
export function timelineQuote(
  entry: HistoryLike & { comment?: { comment?: string | null } | null },
): string | null {
  if (timelineKindOf(entry.type) !== 'comment') return null;
  const text = (entry.comment?.comment ?? entry.description ?? '').trim();
  return text || null;
}

/** The first `limit` characters at a word boundary with an ellipsis, or the text itself when it fits. */
export function shortenText(text: string, limit = TIMELINE_TEXT_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Newest first, then only the chosen kinds (none chosen: all). */
export function buildTimeline<T extends HistoryLike>(
  entries: readonly T[],
  kinds: readonly TimelineKind[],
): (T & { kind: TimelineKind })[] {
  return entries
    .map((e) => ({ ...e, kind: timelineKindOf(e.type) }))
    .filter((e) => kinds.length === 0 || kinds.includes(e.kind))
    .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id.localeCompare(a.id));
}
