/**
 * @jest-environment node
 */
import type { UiNode } from '@ory/client';
import { MemoryCookieJar } from '@/lib/auth/kratos/cookies';
import {
  checkSession,
  createFlow,
  flowBody,
  getFlow,
  kratosApi,
  loadFlowError,
  logout,
  submitFlow,
} from '@/lib/auth/kratos/flows';
import {
  noticeText,
  type FlowContext,
  type FlowOutcome,
  type KratosFlow,
} from '@/lib/auth/kratos/flow-errors';
import {
  CSRF_COOKIE,
  RECOVERY_CODE,
  SESSION_COOKIE,
  startKratosTestServer,
  TOTP_CODE,
  VERIFICATION_CODE,
  type KratosTestServer,
} from '../../kratos-server/server';

let server: KratosTestServer;
const ctx: FlowContext = { returnTo: '/incidents?status=open', origin: 'http://127.0.0.1' };

beforeAll(async () => {
  server = await startKratosTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.identities.clear();
  server.identities.set('u1', {
    id: 'u1',
    traits: { email: 'ada@example.com', name: 'Ada' },
    password: 'correct horse',
  });
  server.privilegedMaxAgeMs = 15 * 60 * 1000;
});

const api = () => kratosApi(server.url);

function expectFlow(outcome: FlowOutcome | { kind: string }): KratosFlow {
  expect(outcome.kind).toBe('flow');
  return (outcome as { flow: KratosFlow }).flow;
}

function csrfOf(flow: KratosFlow): string {
  const node = flow.ui.nodes.find(
    (n: UiNode) => n.attributes.node_type === 'input' && n.attributes.name === 'csrf_token',
  );
  return String((node?.attributes as { value?: unknown }).value);
}

type FlowKind = Parameters<typeof createFlow>[1];

/** Creates a flow of `kind` for this test's context and expects the server to answer with the flow. */
async function newFlow(
  kind: FlowKind,
  jar: MemoryCookieJar,
  params: Parameters<typeof createFlow>[2] = {},
): Promise<KratosFlow> {
  return expectFlow(await createFlow(api(), kind, params, jar, ctx));
}

/** Submits `fields` to `flow` with the flow's own CSRF token unless `fields` names another one. */
function submit(kind: FlowKind, flow: KratosFlow, fields: Record<string, unknown>, jar: MemoryCookieJar) {
  return submitFlow(api(), kind, flow.id, { csrf_token: csrfOf(flow), ...fields }, jar, ctx);
}

const adaPassword = { method: 'password', identifier: 'ada@example.com', password: 'correct horse' };

async function signedIn(jar = new MemoryCookieJar()) {
  const flow = await newFlow('login', jar);
  const done = await submit('login', flow, adaPassword, jar);
  expect(done.kind).toBe('signed-in');
  return jar;
}

describe('login flow (spec 000 §4)', () => {
  it('creates a flow, stores the CSRF cookie, loads it by id and signs in', async () => {
    const jar = new MemoryCookieJar();
    const flow = await newFlow('login', jar);
    expect(jar.cookies.get(CSRF_COOKIE)).toBe(csrfOf(flow));
    expect(jar.applied[0]?.httpOnly).toBe(true);
    const loaded = expectFlow(await getFlow(api(), 'login', flow.id, jar, ctx));
    expect(loaded.id).toBe(flow.id);
    const done = await submit('login', flow, adaPassword, jar);
    expect(done.kind).toBe('signed-in');
    expect(jar.cookies.get(SESSION_COOKIE)).toBeTruthy();
    const session = await checkSession(api(), jar, ctx);
    expect(session.kind).toBe('session');
  });

  it('400 replaces the flow with the server answer and its messages, shown as sent', async () => {
    const jar = new MemoryCookieJar();
    const flow = await newFlow('login', jar);
    const outcome = await submit(
      'login',
      flow,
      { method: 'password', identifier: 'ada@example.com', password: 'wrong' },
      jar,
    );
    const replaced = expectFlow(outcome);
    expect(replaced.ui.messages?.[0]?.text).toBe(
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    );
    const identifier = replaced.ui.nodes.find(
      (n) => n.attributes.node_type === 'input' && n.attributes.name === 'identifier',
    );
    expect((identifier?.attributes as { value?: unknown }).value).toBe('ada@example.com');
  });

  it('410 on submit (self_service_flow_expired) resets the flow with the expiry message', async () => {
    const jar = new MemoryCookieJar();
    const flow = await newFlow('login', jar);
    server.expireFlow(flow.id);
    const outcome = await submit('login', flow, { method: 'password', identifier: 'x', password: 'y' }, jar);
    expect(outcome).toEqual({
      kind: 'redirect',
      to: '/login?return_to=%2Fincidents%3Fstatus%3Dopen&notice=self_service_flow_expired',
    });
    expect(noticeText('self_service_flow_expired')).toBe(
      'Your interaction expired, please fill out the form again.',
    );
  });

  it('410 when loading an expired flow resets it', async () => {
    const jar = new MemoryCookieJar();
    const flow = await newFlow('login', jar);
    server.expireFlow(flow.id);
    const outcome = await getFlow(api(), 'login', flow.id, jar, ctx);
    expect(outcome.kind).toBe('redirect');
    expect((outcome as { to: string }).to).toMatch(/^\/login\?return_to=.*notice=self_service_flow_expired$/);
  });

  it('a missing or wrong CSRF token (security_csrf_violation) resets the flow with the security message', async () => {
    const jar = new MemoryCookieJar();
    const flow = await newFlow('login', jar);
    const outcome = await submit(
      'login',
      flow,
      { method: 'password', csrf_token: 'forged', identifier: 'a', password: 'b' },
      jar,
    );
    expect((outcome as { to: string }).to).toContain('notice=security_csrf_violation');
    expect(noticeText('security_csrf_violation')).toBe(
      'A security violation was detected, please fill out the form again.',
    );
    // Another browser (no CSRF cookie) cannot load the flow either.
    const foreign = await getFlow(api(), 'login', flow.id, new MemoryCookieJar(), ctx);
    expect((foreign as { to: string }).to).toContain('notice=security_csrf_violation');
  });

  it('an unknown flow id starts over', async () => {
    const outcome = await getFlow(api(), 'login', 'no-such-flow', new MemoryCookieJar(), ctx);
    expect(outcome).toEqual({ kind: 'redirect', to: '/login?return_to=%2Fincidents%3Fstatus%3Dopen' });
  });

  it('a return_to the server does not allow (self_service_flow_return_to_forbidden) resets without it', async () => {
    const outcome = await createFlow(api(), 'login', {}, new MemoryCookieJar(), {
      returnTo: '/topology',
      origin: 'http://console.example',
    });
    expect(outcome).toEqual({ kind: 'redirect', to: '/login?notice=self_service_flow_return_to_forbidden' });
    expect(noticeText('self_service_flow_return_to_forbidden')).toBe('The return_to address is not allowed.');
  });

  it('session_already_available goes to /', async () => {
    const jar = await signedIn();
    expect(await createFlow(api(), 'login', {}, jar, ctx)).toEqual({ kind: 'redirect', to: '/' });
    expect(await createFlow(api(), 'registration', {}, jar, ctx)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('refresh creates a re-authentication flow for a signed-in user', async () => {
    const jar = await signedIn();
    const flow = await newFlow('login', jar, { refresh: true });
    expect((flow as { refresh?: boolean }).refresh).toBe(true);
    const done = await submit('login', flow, adaPassword, jar);
    expect(done.kind).toBe('signed-in');
  });

  it('session_inactive (refresh without a session) goes to login with return_to', async () => {
    const outcome = await createFlow(api(), 'login', { refresh: true }, new MemoryCookieJar(), ctx);
    expect(outcome).toEqual({ kind: 'redirect', to: '/login?return_to=%2Fincidents%3Fstatus%3Dopen' });
  });

  it('second factor: the session check answers 403 → login with aal2, and a TOTP code completes it', async () => {
    server.identities.set('u1', { ...server.identities.get('u1')!, totp: true });
    const jar = await signedIn();
    const check = await checkSession(api(), jar, ctx);
    expect(check).toEqual({ kind: 'redirect', to: '/login?aal=aal2&return_to=%2Fincidents%3Fstatus%3Dopen' });
    const flow = await newFlow('login', jar, { aal: 'aal2' });
    expect(flow.ui.nodes.some((n) => n.group === 'totp')).toBe(true);
    const wrong = await submit('login', flow, { method: 'totp', totp_code: '000000' }, jar);
    expect(expectFlow(wrong).ui.messages?.[0]?.text).toBe(
      'The provided authentication code is invalid, please try again.',
    );
    const ok = await submit('login', flow, { method: 'totp', totp_code: TOTP_CODE }, jar);
    expect(ok.kind).toBe('signed-in');
    expect((await checkSession(api(), jar, ctx)).kind).toBe('session');
  });

  it('browser_location_change_required sends the browser to the provider', async () => {
    const jar = new MemoryCookieJar();
    const flow = await newFlow('login', jar);
    const outcome = await submit('login', flow, { method: 'oidc', provider: 'github' }, jar);
    expect(outcome).toEqual({ kind: 'redirect', to: 'https://github.example/login/oauth', external: true });
  });

  it('session check without a session (401) goes to login with return_to', async () => {
    expect(await checkSession(api(), new MemoryCookieJar(), ctx)).toEqual({
      kind: 'redirect',
      to: '/login?return_to=%2Fincidents%3Fstatus%3Dopen',
    });
  });
});

describe('registration', () => {
  it('shows server messages on 400 and signs in on success', async () => {
    const jar = new MemoryCookieJar();
    const flow = await newFlow('registration', jar);
    const body = (password: string, email = 'new@example.com') =>
      flowBody([
        ['csrf_token', csrfOf(flow)],
        ['method', 'password'],
        ['traits.email', email],
        ['traits.name', 'New'],
        ['password', password],
      ]);
    expect(body('x')).toMatchObject({ traits: { email: 'new@example.com', name: 'New' } });
    const short = await submit('registration', flow, body('short'), jar);
    expect(expectFlow(short).ui.messages?.[0]?.text).toBe(
      'The password must be at least 8 characters long, but got 5.',
    );
    const dup = await submit('registration', flow, body('long enough', 'ada@example.com'), jar);
    expect(expectFlow(dup).ui.messages?.[0]?.text).toContain('exists already');
    const ok = await submit('registration', flow, body('long enough'), jar);
    expect(ok.kind).toBe('signed-in');
    expect(jar.cookies.get(SESSION_COOKIE)).toBeTruthy();
  });
});

describe('recovery and verification', () => {
  it('recovery: sends a code, then the code leads to the settings flow (browser location change)', async () => {
    const jar = new MemoryCookieJar();
    const flow = await newFlow('recovery', jar);
    const sent = expectFlow(
      await submit('recovery', flow, { method: 'code', email: 'ada@example.com' }, jar),
    );
    expect(sent.ui.messages?.[0]?.text).toMatch(/^An email containing a recovery code has been sent/);
    const wrong = expectFlow(await submit('recovery', flow, { method: 'code', code: '1' }, jar));
    expect(wrong.ui.messages?.[0]?.type).toBe('error');
    const done = await submit('recovery', flow, { method: 'code', code: RECOVERY_CODE }, jar);
    expect(done.kind).toBe('redirect');
    expect((done as { to: string }).to).toMatch(/^\/profile-settings\?flow=/);
    expect(jar.cookies.get(SESSION_COOKIE)).toBeTruthy();
  });

  it('verification: code flow passes the challenge', async () => {
    const jar = new MemoryCookieJar();
    const flow = await newFlow('verification', jar);
    expectFlow(await submit('verification', flow, { method: 'code', email: 'ada@example.com' }, jar));
    const done = expectFlow(
      await submit('verification', flow, { method: 'code', code: VERIFICATION_CODE }, jar),
    );
    expect(done.ui.messages?.[0]?.text).toBe('You successfully verified your email address.');
  });

  it('verification: 410 and 403 reload /verification; 400 on create goes to /', async () => {
    const jar = new MemoryCookieJar();
    const flow = await newFlow('verification', jar);
    server.expireFlow(flow.id);
    expect(await getFlow(api(), 'verification', flow.id, jar, ctx)).toEqual({
      kind: 'redirect',
      to: '/verification?return_to=%2Fincidents%3Fstatus%3Dopen&notice=self_service_flow_expired',
    });
    const fresh = await newFlow('verification', jar);
    const forged = await submit(
      'verification',
      fresh,
      { method: 'code', csrf_token: 'forged', email: 'a@b.c' },
      jar,
    );
    expect((forged as { to: string }).to).toMatch(/^\/verification\?/);
    expect(
      await createFlow(api(), 'verification', {}, jar, { returnTo: '/bad', origin: 'http://127.0.0.1' }),
    ).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('settings (profile-settings)', () => {
  it('needs a session: session_inactive goes to login with return_to', async () => {
    expect(await createFlow(api(), 'settings', {}, new MemoryCookieJar(), ctx)).toEqual({
      kind: 'redirect',
      to: '/login?return_to=%2Fincidents%3Fstatus%3Dopen',
    });
  });

  it('updates the profile and password with the server success message; 400 shows its messages', async () => {
    const jar = await signedIn();
    const flow = await newFlow('settings', jar);
    const saved = expectFlow(
      await submit(
        'settings',
        flow,
        flowBody([
          ['csrf_token', csrfOf(flow)],
          ['method', 'profile'],
          ['traits.email', 'ada@example.com'],
          ['traits.name', 'Ada L'],
        ]),
        jar,
      ),
    );
    expect(saved.ui.messages?.[0]?.text).toBe('Your changes have been saved!');
    const short = expectFlow(await submit('settings', flow, { method: 'password', password: 'x' }, jar));
    expect(short.ui.messages?.[0]?.type).toBe('error');
    const codes = expectFlow(
      await submit(
        'settings',
        flow,
        flowBody([
          ['csrf_token', csrfOf(flow)],
          ['method', 'lookup_secret'],
          ['lookup_secret_regenerate', 'true'],
        ]),
        jar,
      ),
    );
    expect(codes.ui.messages?.[0]?.type).toBe('success');
  });

  it('a stale session needs a refresh (session_refresh_required → login with refresh)', async () => {
    const jar = await signedIn();
    const flow = await newFlow('settings', jar);
    server.privilegedMaxAgeMs = -1;
    const outcome = await submit('settings', flow, { method: 'password', password: 'long enough pw' }, jar);
    expect(outcome).toEqual({
      kind: 'redirect',
      to: '/login?refresh=true&return_to=%2Fincidents%3Fstatus%3Dopen',
    });
  });

  it('a flow of another identity (security_identity_mismatch) starts over', async () => {
    const jar = await signedIn();
    const flow = await newFlow('settings', jar);
    server.identities.set('u2', { id: 'u2', traits: { email: 'bob@example.com' }, password: 'bob password' });
    const other = new MemoryCookieJar([[CSRF_COOKIE, jar.cookies.get(CSRF_COOKIE)!]]);
    const login = await newFlow('login', other);
    await submit(
      'login',
      login,
      { method: 'password', identifier: 'bob@example.com', password: 'bob password' },
      other,
    );
    const outcome = await getFlow(api(), 'settings', flow.id, other, ctx);
    expect((outcome as { to: string }).to).toBe(
      '/profile-settings?return_to=%2Fincidents%3Fstatus%3Dopen&notice=security_identity_mismatch',
    );
  });
});

describe('logout and flow errors', () => {
  it('logout ends the identity server session and clears its cookie', async () => {
    const jar = await signedIn();
    expect(await logout(api(), jar)).toBe(true);
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await checkSession(api(), jar, ctx)).kind).toBe('redirect');
    expect(await logout(api(), jar)).toBe(false);
  });

  it('the flow-error page shows the raw error; 404, 403 and 410 go to /', async () => {
    server.flowErrors.set('e1', { code: 500, message: 'Something broke', reason: 'db down' });
    server.flowErrors.set('forbidden', {});
    server.flowErrors.set('gone', {});
    const shown = await loadFlowError(api(), 'e1', new MemoryCookieJar());
    expect(shown.kind).toBe('error-detail');
    expect((shown as { error: { error: unknown } }).error.error).toEqual({
      code: 500,
      message: 'Something broke',
      reason: 'db down',
    });
    for (const id of ['missing', 'forbidden', 'gone']) {
      expect(await loadFlowError(api(), id, new MemoryCookieJar())).toEqual({ kind: 'redirect', to: '/' });
    }
  });

  it('an unreachable identity server is an error, not a crash', async () => {
    const outcome = await createFlow(
      kratosApi('http://127.0.0.1:1'),
      'login',
      {},
      new MemoryCookieJar(),
      ctx,
    );
    expect(outcome.kind).toBe('error');
  });
});
