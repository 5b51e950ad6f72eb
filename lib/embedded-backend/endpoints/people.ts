import type { Queryable } from '../db/types';
import { endpoint } from './shared/handler';
import { badRequest, conflict, isUuid, json, notFound, readJsonObject } from './shared/http';
import type { AuthedContext, Route } from './types';

/** User administration (backend-contract §2.1): invite, update and delete people, over identities and roles. */

const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function field(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badRequest(`${key} must be a string`);
  return v.trim();
}

function checkRole(role: string | undefined): void {
  if (role !== undefined && !ROLES.includes(role))
    throw badRequest(`unknown role "${role}": expected one of ${ROLES.join(', ')}`);
}

/** Replaces the person's role rows (team memberships, also `g` rows, are kept). */
async function setRole(db: Queryable, personId: string, role: string): Promise<void> {
  await db.query(`DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = $1 AND v1 = ANY($2::text[])`, [
    personId,
    ROLES,
  ]);
  await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2) ON CONFLICT DO NOTHING`, [
    personId,
    role,
  ]);
}

function invalidate(ctx: AuthedContext): void {
  ctx.services.enforcer.invalidate();
  ctx.services.authenticator.invalidate();
}

/** The console's origin when the request came through its proxy, else ours: the invite link must open the console. */
function consoleOrigin(ctx: AuthedContext): string {
  const origin = ctx.request.headers.get('origin');
  if (origin && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  const host = ctx.request.headers.get('x-forwarded-host');
  const proto = ctx.request.headers.get('x-forwarded-proto') ?? 'http';
  return host ? `${proto.split(',')[0]?.trim()}://${host.split(',')[0]?.trim()}` : ctx.url.origin;
}

async function inviteUser(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const email = field(body, 'email')?.toLowerCase();
  const role = field(body, 'role');
  if (!email) throw badRequest('email is required');
  if (!EMAIL.test(email)) throw badRequest(`invalid email "${email}"`);
  if (!role) throw badRequest('role is required');
  checkRole(role);
  const first = field(body, 'firstName') ?? '';
  const last = field(body, 'lastName') ?? '';
  const id = await ctx.services.db.transaction(async (tx) => {
    const existing = await tx.query('SELECT 1 FROM people WHERE lower(email) = $1 AND deleted_at IS NULL', [
      email,
    ]);
    if (existing.rows.length) throw conflict(`user with email ${email} already exists`);
    const person = await tx.query<{ id: string }>(
      'INSERT INTO people (name, email) VALUES ($1, $2) RETURNING id',
      [`${first} ${last}`.trim() || email, email],
    );
    const personId = person.rows[0]?.id;
    if (!personId) throw new Error('person was not created');
    await tx.query(
      `INSERT INTO identities (id, traits, state, state_changed_at) VALUES ($1, $2, 'active', now())`,
      [personId, JSON.stringify({ email, name: { first, last } })],
    );
    await setRole(tx, personId, role);
    return personId;
  });
  invalidate(ctx);
  return json({ link: `${consoleOrigin(ctx)}/login?invite=${id}` });
}

async function updatePerson(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const id = field(body, 'id');
  if (!id) throw badRequest('id is required');
  if (!isUuid(id)) throw notFound(`person ${id} not found`);
  const role = field(body, 'role');
  checkRole(role || undefined);
  const email = field(body, 'email')?.toLowerCase();
  if (email && !EMAIL.test(email)) throw badRequest(`invalid email "${email}"`);
  if (body.active !== undefined && typeof body.active !== 'boolean')
    throw badRequest('active must be a boolean');
  const traits = await ctx.services.db.transaction(async (tx) => {
    const found = await tx.query<{
      name: string;
      email: string | null;
      traits: { email?: string; name?: { first?: string; last?: string } } | null;
    }>(
      `SELECT p.name, p.email, i.traits FROM people p LEFT JOIN identities i ON i.id = p.id WHERE p.id = $1 AND p.deleted_at IS NULL`,
      [id],
    );
    const row = found.rows[0];
    if (!row) throw notFound(`person ${id} not found`);
    const [defaultFirst = '', ...rest] = row.name.split(' ');
    const next = {
      email: email ?? row.traits?.email ?? row.email ?? '',
      name: {
        first: field(body, 'firstName') ?? row.traits?.name?.first ?? defaultFirst,
        last: field(body, 'lastName') ?? row.traits?.name?.last ?? rest.join(' '),
      },
    };
    if (email && email !== (row.email ?? '').toLowerCase()) {
      const taken = await tx.query(
        'SELECT 1 FROM people WHERE lower(email) = $1 AND id <> $2 AND deleted_at IS NULL',
        [email, id],
      );
      if (taken.rows.length) throw conflict(`user with email ${email} already exists`);
    }
    await tx.query('UPDATE people SET name = $2, email = $3, updated_at = now() WHERE id = $1', [
      id,
      `${next.name.first} ${next.name.last}`.trim() || row.name,
      next.email || null,
    ]);
    const state = body.active === undefined ? null : body.active ? 'active' : 'inactive';
    await tx.query(
      `INSERT INTO identities (id, traits, state, state_changed_at) VALUES ($1, $2, coalesce($3, 'active'), now())
       ON CONFLICT (id) DO UPDATE SET traits = EXCLUDED.traits, updated_at = now(),
         state = coalesce($3, identities.state),
         state_changed_at = CASE WHEN $3 IS NULL THEN identities.state_changed_at ELSE now() END`,
      [id, JSON.stringify(next), state],
    );
    if (role) await setRole(tx, id, role);
    return next;
  });
  invalidate(ctx);
  return json(traits);
}

async function deletePerson(ctx: AuthedContext): Promise<Response> {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw notFound(`person ${id.slice(0, 64)} not found`);
  if (id === ctx.identity.personId) throw badRequest('you cannot delete yourself');
  await ctx.services.db.transaction(async (tx) => {
    const r = await tx.query(
      'UPDATE people SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
    if (!r.affectedRows) throw notFound(`person ${id} not found`);
    await tx.query(
      `UPDATE identities SET state = 'inactive', state_changed_at = now(), updated_at = now() WHERE id = $1`,
      [id],
    );
    await tx.query(`DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = $1`, [id]);
    await tx.query('DELETE FROM team_members WHERE person_id = $1', [id]);
  });
  invalidate(ctx);
  return json({ message: 'user deleted successfully' });
}

export const peopleRoutes: Route[] = [
  {
    method: 'POST',
    path: '/auth/invite_user',
    permission: { object: 'auth', action: 'update' },
    handle: endpoint(inviteUser),
  },
  {
    method: 'POST',
    path: '/people/update',
    permission: { object: 'people', action: 'update' },
    handle: endpoint(updatePerson),
  },
  {
    method: 'DELETE',
    path: '/people/:id',
    permission: { object: 'people', action: 'delete' },
    handle: endpoint(deletePerson),
  },
];
