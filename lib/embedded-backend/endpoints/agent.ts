import { randomBytes } from 'node:crypto';
import { issueAccessToken } from '../access-tokens';
import { endpoint } from './shared/handler';
import { badRequest, conflict, json, readJsonObject } from './shared/http';
import type { AuthedContext, Route } from './types';

/** POST /agent/generate (backend-contract §2.1): an agent with its own person, role and one-year access token. */

const TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;

async function generateAgent(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) throw badRequest('name is required');
  if (name.length > 200) throw badRequest('name is too long');
  const properties = body.properties ?? {};
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties))
    throw badRequest('properties must be an object');
  if (body.auto_renew !== undefined && typeof body.auto_renew !== 'boolean')
    throw badRequest('auto_renew must be a boolean');
  const username = `agent-${randomBytes(8).toString('hex')}`;
  const result = await ctx.services.db.transaction(async (tx) => {
    const taken = await tx.query('SELECT 1 FROM agents WHERE name = $1', [name]);
    if (taken.rows.length) throw conflict(`agent ${name} already exists`);
    const person = await tx.query<{ id: string }>(
      `INSERT INTO people (name, email, type) VALUES ($1, $2, 'agent') RETURNING id`,
      [username, `${username}@local`],
    );
    const personId = person.rows[0]?.id;
    if (!personId) throw new Error('agent person was not created');
    await tx.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, 'agent')`, [personId]);
    const { token } = await issueAccessToken(tx, {
      personId,
      name: 'default',
      ttlSeconds: TOKEN_TTL_SECONDS,
      autoRenew: body.auto_renew !== false,
    });
    await tx.query(
      `INSERT INTO agents (name, person_id, username, properties, created_by) VALUES ($1, $2, $3, $4, $5)`,
      [name, personId, username, JSON.stringify(properties), ctx.identity.personId],
    );
    return { id: personId, username, access_token: token };
  });
  // The new person and role change who may do what.
  ctx.services.enforcer.invalidate();
  ctx.services.authenticator.invalidate();
  return json(result, 201);
}

export const agentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/agent/generate',
    permission: { object: 'agent', action: 'update' },
    handle: endpoint(generateAgent),
  },
];
