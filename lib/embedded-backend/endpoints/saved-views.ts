import type { Queryable } from '../db/types';
import { endpoint } from './shared/handler';
import { badRequest, conflict, isUuid, json, notFound, readJsonObject } from './shared/http';
import type { AuthedContext, Route } from './types';
import { cleanName, isConsoleHref, MAX_NAME, MAX_PINNED, MAX_VIEWS } from '@/lib/saved-view-rules';

/**
 * Saved views (issue 33): each person's named list-screen addresses, kept here so they follow the person across
 * browsers. Every statement is scoped to the caller's person id (never one from the request), so every role, guests
 * included, keeps their own rows and no one reads or changes another's: someone else's id answers 404 like an
 * unknown one. RBAC object saved_view (every role: CRUD). Contract: endpoints/README.md (Saved views).
 */

export interface SavedViewRow {
  id: string;
  name: string;
  href: string;
  pinned: boolean;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, name, href, pinned, created_at, updated_at';

const permission = (action: string) => ({ object: 'saved_view', action });

function nameOf(body: Record<string, unknown>): string {
  if (typeof body.name !== 'string') throw badRequest('invalid request body: name must be a string');
  const name = cleanName(body.name);
  if (!name || body.name.trim().replace(/\s+/g, ' ').length > MAX_NAME)
    throw badRequest(`invalid request body: name must be 1 to ${MAX_NAME} characters`);
  return name;
}

function hrefOf(body: Record<string, unknown>): string {
  if (!isConsoleHref(body.href))
    throw badRequest(
      "invalid request body: href must be a console path as the browser writes it: one leading '/', no '//', '\\', spaces or controls, at most 2048 characters",
    );
  return body.href;
}

function pinnedOf(body: Record<string, unknown>): boolean | undefined {
  if (body.pinned === undefined) return undefined;
  if (typeof body.pinned !== 'boolean') throw badRequest('invalid request body: pinned must be a boolean');
  return body.pinned;
}

function viewId(ctx: AuthedContext): string {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw badRequest('invalid saved view id: expected a UUID');
  return id;
}

/** Serializes one person's writes, so that two tabs cannot both take the last free place. */
const lockPerson = (tx: Queryable, personId: string) =>
  tx.query('SELECT id FROM people WHERE id = $1 FOR UPDATE', [personId]);

async function pinnedCount(tx: Queryable, personId: string): Promise<number> {
  const r = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM saved_views WHERE person_id = $1 AND pinned',
    [personId],
  );
  return r.rows[0]?.n ?? 0;
}

const pinsFull = () => conflict(`at most ${MAX_PINNED} saved views can be pinned: unpin one first`);

async function listViews(ctx: AuthedContext): Promise<Response> {
  const r = await ctx.services.db.query<SavedViewRow>(
    `SELECT ${COLUMNS} FROM saved_views WHERE person_id = $1 ORDER BY created_at, id`,
    [ctx.identity.personId],
  );
  return json(r.rows);
}

async function createView(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const name = nameOf(body);
  const href = hrefOf(body);
  const pinned = pinnedOf(body) ?? false;
  const personId = ctx.identity.personId;
  const row = await ctx.services.db.transaction(async (tx) => {
    await lockPerson(tx, personId);
    const count = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM saved_views WHERE person_id = $1',
      [personId],
    );
    if ((count.rows[0]?.n ?? 0) >= MAX_VIEWS)
      throw conflict(`at most ${MAX_VIEWS} saved views per person: delete one first`);
    if (pinned && (await pinnedCount(tx, personId)) >= MAX_PINNED) throw pinsFull();
    const r = await tx.query<SavedViewRow>(
      `INSERT INTO saved_views (person_id, name, href, pinned) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [personId, name, href, pinned],
    );
    return r.rows[0];
  });
  return json(row, 201);
}

async function updateView(ctx: AuthedContext): Promise<Response> {
  const id = viewId(ctx);
  const body = await readJsonObject(ctx.request);
  const name = body.name === undefined ? undefined : nameOf(body);
  const pinned = pinnedOf(body);
  if (name === undefined && pinned === undefined)
    throw badRequest('invalid request body: name or pinned is required');
  const personId = ctx.identity.personId;
  const row = await ctx.services.db.transaction(async (tx) => {
    await lockPerson(tx, personId);
    const current = await tx.query<{ pinned: boolean }>(
      'SELECT pinned FROM saved_views WHERE id = $1 AND person_id = $2',
      [id, personId],
    );
    const was = current.rows[0];
    if (!was) throw notFound('saved view was not found');
    if (pinned && !was.pinned && (await pinnedCount(tx, personId)) >= MAX_PINNED) throw pinsFull();
    const r = await tx.query<SavedViewRow>(
      `UPDATE saved_views SET name = coalesce($3, name), pinned = coalesce($4, pinned), updated_at = now()
        WHERE id = $1 AND person_id = $2 RETURNING ${COLUMNS}`,
      [id, personId, name ?? null, pinned ?? null],
    );
    return r.rows[0];
  });
  return json(row);
}

async function deleteView(ctx: AuthedContext): Promise<Response> {
  const r = await ctx.services.db.query(
    'DELETE FROM saved_views WHERE id = $1 AND person_id = $2 RETURNING id',
    [viewId(ctx), ctx.identity.personId],
  );
  if (r.rows.length === 0) throw notFound('saved view was not found');
  return new Response(null, { status: 204 });
}

export const savedViewRoutes: Route[] = [
  { method: 'GET', path: '/saved-views', permission: permission('read'), handle: endpoint(listViews) },
  { method: 'POST', path: '/saved-views', permission: permission('create'), handle: endpoint(createView) },
  {
    method: 'PATCH',
    path: '/saved-views/:id',
    permission: permission('update'),
    handle: endpoint(updateView),
  },
  {
    method: 'DELETE',
    path: '/saved-views/:id',
    permission: permission('delete'),
    handle: endpoint(deleteView),
  },
];
