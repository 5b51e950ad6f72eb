import { generateKeyPairSync } from 'node:crypto';
import { signBackendToken } from '@/lib/embedded-backend/token';
import { basic, coreEngines, startCoreBackend, type CoreBackend } from './helpers/core-backend';
import { startClerkStandIn, type ClerkStandIn, type StandInUser } from '../clerk-server/server';

/**
 * The embedded backend in Clerk mode (backend-contract §3.3) against the Clerk stand-in's JWKS: Bearer or
 * `__session` cookie, signature against the JWKS (cached, refetched on an unknown key id), the organization
 * check, the person created on first sight by the Clerk user id, and the role synced from the token.
 */
const ORG = 'org_contract_a';
const OTHER_ORG = 'org_contract_b';
const CONSOLE_ORIGIN = 'http://localhost:3000';

const users: StandInUser[] = [
  {
    id: 'user_member',
    firstName: 'Mia',
    lastName: 'Member',
    email: 'mia@example.test',
    memberships: { [ORG]: 'org:member', [OTHER_ORG]: 'org:admin' },
  },
  {
    id: 'user_admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@demo.local',
    memberships: { [ORG]: 'org:admin' },
  },
  {
    id: 'user_guest',
    firstName: 'Gus',
    lastName: 'Guest',
    email: 'gus@example.test',
    memberships: { [ORG]: 'org:guest' },
  },
  {
    id: 'user_leaver',
    firstName: 'Lee',
    lastName: 'Leaver',
    email: 'lee@example.test',
    memberships: { [ORG]: 'org:member' },
  },
];

interface Whoami {
  payload: { user: { id: string; name: string; email?: string; external_id?: string }; roles: string[] };
}

describe.each(coreEngines())('Clerk mode of the embedded backend on %s', (engine) => {
  let clerk: ClerkStandIn;
  let backend: CoreBackend;
  let clockOffsetMs = 0;

  const whoami = (init: RequestInit = {}) => fetch(`${backend.url}/auth/whoami`, init);
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const jwksFetches = () => clerk.requests.filter((r) => r.path === '/.well-known/jwks.json').length;
  const directRoles = async (externalId: string) => {
    const rows = await backend.db.query<{ v1: string }>(
      `SELECT r.v1 FROM casbin_rule r JOIN people p ON p.id::text = r.v0 WHERE r.ptype = 'g' AND p.external_id = $1 ORDER BY r.v1`,
      [externalId],
    );
    return rows.rows.map((r) => r.v1);
  };

  beforeAll(async () => {
    // Each refused token is logged with its reason; the assertions below check the answers instead.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    clerk = await startClerkStandIn({
      frontendApiHost: 'clerk.contract.test',
      secretKey: 'sk_test_contract',
      authorizedParty: CONSOLE_ORIGIN,
      users,
      organizations: [
        { id: ORG, name: 'Contract A', slug: 'contract-a', publicMetadata: {} },
        { id: OTHER_ORG, name: 'Contract B', slug: 'contract-b', publicMetadata: {} },
      ],
    });
    backend = await startCoreBackend(engine, {
      clerk: {
        jwksUrl: clerk.jwksUrl,
        orgId: ORG,
        authorizedParties: [CONSOLE_ORIGIN],
        now: () => Date.now() + clockOffsetMs,
      },
    });
  });

  afterAll(async () => {
    await backend?.dispose();
    await clerk?.close();
    jest.restoreAllMocks();
  });

  it('accepts a session token (compact `o` claim) as Bearer, creates the person by the Clerk user id, and makes org:member a viewer', async () => {
    const { token } = clerk.createSession('user_member', ORG, 2);
    const response = await whoami(bearer(token));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Whoami;
    expect(body.payload.user.external_id).toBe('user_member');
    expect(body.payload.user.name).toBe('user_member');
    expect(body.payload.roles).toContain('viewer');
    expect(await directRoles('user_member')).toEqual(['viewer']);
  });

  it('accepts the __session cookie without an Authorization header, and the older flat org claims, as the same person', async () => {
    const { token } = clerk.createSession('user_member', ORG, 1);
    const response = await whoami({ headers: { cookie: `__client_uat=1; __session=${token}` } });
    expect(response.status).toBe(200);
    const people = await backend.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM people WHERE external_id = 'user_member'`,
    );
    expect(people.rows[0]?.n).toBe(1);
  });

  it('reads the JWKS once and keeps it for later tokens', async () => {
    const before = jwksFetches();
    for (let i = 0; i < 3; i++) {
      const { token } = clerk.createSession('user_member', ORG);
      expect((await whoami(bearer(token))).status).toBe(200);
    }
    expect(jwksFetches()).toBe(before);
    expect(before).toBe(1);
  });

  it('syncs the role from every new token: org:admin (session or template org_role, compact or flat) → admin, org:guest → guest, anything else → viewer', async () => {
    const admin = clerk.createSession('user_admin', ORG);
    // The `Backend` JWT template carries org_role, the user's name, email and image.
    const template = clerk.backendTemplateToken(admin.session.id);
    const asAdmin = await whoami(bearer(template));
    expect(asAdmin.status).toBe(200);
    const body = (await asAdmin.json()) as Whoami;
    expect(body.payload.roles).toContain('admin');
    expect(body.payload.user.name).toBe('Ada Admin');
    // Clerk's stock role key org:admin in the session token's compact claim (`o.rol: "admin"`) is an admin too.
    await backend.db.query(
      `DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = (SELECT id::text FROM people WHERE external_id = 'user_admin')`,
    );
    expect((await whoami(bearer(admin.token))).status).toBe(200);
    expect(await directRoles('user_admin')).toEqual(['admin']);
    const flat = clerk.createSession('user_admin', ORG, 1);
    expect((await whoami(bearer(flat.token))).status).toBe(200);
    expect(await directRoles('user_admin')).toEqual(['admin']);

    const guest = clerk.createSession('user_guest', ORG, 1);
    expect((await whoami(bearer(guest.token))).status).toBe(200);
    expect(await directRoles('user_guest')).toEqual(['guest']);
    const member = clerk.createSession('user_member', ORG);
    expect((await whoami(bearer(member.token))).status).toBe(200);
    expect(await directRoles('user_member')).toEqual(['viewer']);
  });

  it('takes the user only from `sub` and the role only from org_role / o.rol: a template`s own user_id and role are ignored (issue 31 item 12)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const base = { azp: CONSOLE_ORIGIN, iat: now, nbf: now - 10, exp: now + 60, org_id: ORG };
    // A template that writes `role: "admin"` and another user's id in `user_id` for a plain member.
    const forged = clerk.signJwt({
      ...base,
      sub: 'user_member',
      user_id: 'user_admin',
      role: 'admin',
      org_role: 'org:member',
    });
    const response = await whoami(bearer(forged));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Whoami;
    expect(body.payload.user.external_id).toBe('user_member');
    expect(body.payload.roles).not.toContain('admin');
    expect(await directRoles('user_member')).toEqual(['viewer']);
    // No `sub`: no user, whatever `user_id` says.
    expect(
      (await whoami(bearer(clerk.signJwt({ ...base, user_id: 'user_admin', org_role: 'org:admin' })))).status,
    ).toBe(401);
  });

  it('refuses a token whose authorized party (azp) is not one of the console`s origins, or that has none (issue 31 item 12)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: 'user_member',
      iat: now,
      nbf: now - 10,
      exp: now + 60,
      v: 2,
      o: { id: ORG, slg: 'contract-a', rol: 'member' },
    };
    expect((await whoami(bearer(clerk.signJwt({ ...claims, azp: CONSOLE_ORIGIN })))).status).toBe(200);
    for (const azp of [
      undefined,
      '',
      'https://other-app.example',
      'http://localhost:3001',
      `${CONSOLE_ORIGIN}/x`,
      `${CONSOLE_ORIGIN}.evil.example`,
      42,
    ]) {
      const token = clerk.signJwt({ ...claims, azp });
      const byHeader = await whoami(bearer(token));
      const byCookie = await whoami({ headers: { cookie: `__session=${token}` } });
      expect([azp, byHeader.status, byCookie.status]).toEqual([azp, 401, 401]);
    }
  });

  it('never merges a Clerk user into an existing person by email (the demo admin keeps its account)', async () => {
    const rows = await backend.db.query<{ external_id: string | null; email: string | null }>(
      `SELECT external_id, email FROM people WHERE external_id = 'user_admin' OR email = 'admin@demo.local' ORDER BY external_id NULLS FIRST`,
    );
    expect(rows.rows).toEqual([
      { external_id: null, email: 'admin@demo.local' },
      { external_id: 'user_admin', email: null },
    ]);
  });

  it('refuses with 401 a token of another organization, one without an organization, and a forged, expired or unsigned one', async () => {
    const member = clerk.createSession('user_member', OTHER_ORG);
    const noOrg = clerk.createSession('user_member', null);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      azp: CONSOLE_ORIGIN,
      sub: 'user_member',
      sid: 'sess_x',
      iat: now,
      nbf: now - 10,
      exp: now + 60,
      v: 2,
      o: { id: ORG, slg: 'contract-a', rol: 'admin' },
    };
    const [head, body] = clerk.signJwt(claims).split('.');
    const refused = {
      'other organization': member.token,
      'no organization': noOrg.token,
      'template of another organization': clerk.backendTemplateToken(member.session.id),
      'signed by another key under a known kid': clerk.signJwt(claims, { key: stranger }),
      expired: clerk.signJwt({ ...claims, iat: now - 120, nbf: now - 130, exp: now - 60 }),
      'not valid yet': clerk.signJwt({ ...claims, nbf: now + 600 }),
      'alg none': `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'x' })).toString('base64url')}.${body}.`,
      'payload swapped': `${head}.${Buffer.from(JSON.stringify({ ...claims, o: { id: ORG, rol: 'admin' }, sub: 'user_admin' })).toString('base64url')}.${clerk.signJwt(claims).split('.')[2]}`,
      'not a JWT': 'garbage',
    };
    for (const [name, token] of Object.entries(refused)) {
      const byHeader = await whoami(bearer(token));
      const byCookie = await whoami({ headers: { cookie: `__session=${token}` } });
      expect([name, byHeader.status, byCookie.status]).toEqual([name, 401, 401]);
    }
  });

  it('refetches the JWKS for a key id it does not know (rotation), and unknown key ids cannot make it fetch again at once', async () => {
    const before = jwksFetches();
    clerk.rotateKey();
    const { token } = clerk.createSession('user_member', ORG);
    // Past the few seconds between two refetches, a new kid makes the backend load the key set again.
    clockOffsetMs = 10_000;
    try {
      expect((await whoami(bearer(token))).status).toBe(200);
      expect(jwksFetches()).toBe(before + 1);
      const now = Math.floor(Date.now() / 1000) + 10;
      for (const kid of ['unknown-1', 'unknown-2', 'unknown-3']) {
        const forged = clerk.signJwt(
          { azp: CONSOLE_ORIGIN, sub: 'user_member', iat: now, exp: now + 60, org_id: ORG },
          { kid },
        );
        expect((await whoami(bearer(forged))).status).toBe(401);
      }
      expect(jwksFetches()).toBe(before + 1);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('has no passwords in Clerk mode: the demo accounts cannot log in or use HTTP Basic', async () => {
    const login = await fetch(`${backend.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo' }),
    });
    expect(login.status).toBe(401);
    expect((await whoami({ headers: { authorization: basic('admin') } })).status).toBe(401);
    expect(
      (await fetch(`${backend.url}/db/people?select=name`, { headers: { authorization: basic('admin') } }))
        .status,
    ).toBe(401);
  });

  it('answers /db reads for a Clerk person with the RBAC of the synced role', async () => {
    const { token } = clerk.createSession('user_member', ORG);
    const read = await fetch(`${backend.url}/db/topologies?select=name&limit=1`, bearer(token));
    expect(read.status).toBe(200);
    const write = await fetch(`${backend.url}/db/topologies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'viewer-may-not' }),
    });
    expect(write.status).toBe(403);
  });

  it('refuses a Clerk user whose identity an admin deactivated, at once, even with a valid Clerk token (issue 31 item 5)', async () => {
    const leaver = bearer(clerk.createSession('user_leaver', ORG).token);
    const before = await whoami(leaver);
    expect(before.status).toBe(200);
    const personId = ((await before.json()) as Whoami).payload.user.id;
    // The demo admin, with the backend's own token (Clerk mode accepts both; the Users page is admin-only).
    const adminId =
      (
        await backend.db.query<{ id: string }>(
          `SELECT id FROM people WHERE email = 'admin@demo.local' AND external_id IS NULL`,
        )
      ).rows[0]?.id ?? '';
    const admin = signBackendToken({ sub: adminId });
    const deactivated = await fetch(`${backend.url}/db/identities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: personId, traits: { email: 'lee@example.test' }, state: 'inactive' }),
    });
    expect(deactivated.status).toBe(201);
    expect((await whoami(leaver)).status).toBe(401);
    // A new Clerk session of the same user is refused too: Clerk still signs them in, the backend does not.
    expect((await whoami(bearer(clerk.createSession('user_leaver', ORG).token))).status).toBe(401);
  });
});
