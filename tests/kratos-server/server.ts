/**
 * A small Kratos-compatible test server for the browser self-service flows, written from Ory's public API
 * documentation (login, registration, recovery, verification, settings, logout, errors and /sessions/whoami).
 * It exists only so the console's Kratos client can be driven over real HTTP in tests; the product never uses it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FlowType = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

interface Text {
  id: number;
  text: string;
  type: 'info' | 'error' | 'success';
}

interface Node {
  type: 'input' | 'text' | 'img' | 'a' | 'script';
  group: string;
  attributes: Record<string, unknown>;
  messages: Text[];
  meta: { label?: Text };
}

interface Flow {
  id: string;
  type: 'browser';
  flowType: FlowType;
  expires_at: string;
  issued_at: string;
  request_url: string;
  return_to?: string;
  refresh?: boolean;
  requested_aal?: 'aal1' | 'aal2';
  state?: string;
  csrf: string;
  identityId?: string;
  /** What the user typed last (Kratos echoes non-secret fields in a 400 answer). */
  echo?: Record<string, string>;
  ui: { action: string; method: 'POST'; nodes: Node[]; messages?: Text[] };
}

export interface TestIdentity {
  id: string;
  traits: { email: string; name?: string };
  password: string;
  totp?: boolean;
  /** Has a registered security key (second factor). */
  webauthn?: boolean;
  verified?: boolean;
}

interface TestSession {
  id: string;
  token: string;
  identityId: string;
  aal: 'aal1' | 'aal2';
  active: boolean;
  authenticated_at: number;
}

export interface KratosTestServer {
  url: string;
  identities: Map<string, TestIdentity>;
  flows: Map<string, Flow>;
  sessions: Map<string, TestSession>;
  flowErrors: Map<string, unknown>;
  /** Makes a flow expire now. */
  expireFlow(id: string): void;
  /** Sessions older than this need a refresh before privileged settings changes. */
  privilegedMaxAgeMs: number;
  close(): Promise<void>;
}

export interface KratosTestServerOptions {
  port?: number;
  /** Origin of the self-service UI (Kratos `selfservice.*.ui_url`), where recovery sends the browser to settings. */
  uiUrl?: string;
  /**
   * The WebAuthn browser script served at WEBAUTHN_SCRIPT_PATH (Kratos serves its own there); tests pass a
   * recording stand-in, because a real authenticator cannot be driven here.
   */
  webauthnScript?: string;
}

/** Where Kratos serves its WebAuthn browser script (x/webauthnx ScriptURL). */
export const WEBAUTHN_SCRIPT_PATH = '/.well-known/ory/webauthn.js';

export const SESSION_COOKIE = 'ory_kratos_session';
export const CSRF_COOKIE = 'csrf_token_test';
export const TOTP_CODE = '123456';
export const RECOVERY_CODE = '654321';
export const VERIFICATION_CODE = '111111';
const ALLOWED_RETURN_PREFIX = 'http://127.0.0.1';

const FLOW_LIFESPAN_MS = 10 * 60 * 1000;

const text = (id: number, t: string, type: Text['type'] = 'info'): Text => ({ id, text: t, type });

function input(
  group: string,
  name: string,
  type: string,
  options: { value?: unknown; label?: string; required?: boolean } = {},
): Node {
  return {
    type: 'input',
    group,
    attributes: {
      name,
      type,
      value: options.value,
      required: options.required ?? false,
      disabled: false,
      node_type: 'input',
    },
    messages: [],
    meta: options.label ? { label: text(1070000, options.label) } : {},
  };
}

/** The submit button of a method group: Kratos names it `method` with the group as its value. */
function methodButton(group: string, label: string): Node {
  return input(group, 'method', 'submit', { value: group, label });
}

/** The identity's traits (email required, name optional) as the registration and settings forms show them. */
function traitInputs(group: string, email: unknown, name: unknown): Node[] {
  return [
    input(group, 'traits.email', 'email', { label: 'E-Mail', required: true, value: email }),
    input(group, 'traits.name', 'text', { label: 'Name', value: name }),
  ];
}

/** A script node as Kratos sends it for WebAuthn: src, integrity (sha512 of the file), async, crossorigin. */
function scriptNode(group: string, src: string, integrity: string): Node {
  return {
    type: 'script',
    group,
    attributes: {
      node_type: 'script',
      id: 'webauthn_script',
      src,
      async: true,
      referrerpolicy: 'no-referrer',
      crossorigin: 'anonymous',
      integrity,
      type: 'text/javascript',
      nonce: randomUUID(),
    },
    messages: [],
    meta: {},
  };
}

/**
 * A WebAuthn trigger button: Kratos puts the options JSON in `value`, the function to call in `onclickTrigger`,
 * and the deprecated inline form of the same call in `onclick`.
 */
function webauthnTrigger(
  name: string,
  trigger: 'oryWebAuthnRegistration' | 'oryWebAuthnLogin',
  options: unknown,
  label: string,
): Node {
  const json = JSON.stringify(options);
  const node = input('webauthn', name, 'button', { value: json, label });
  Object.assign(node.attributes, { onclick: `window.${trigger}(${json})`, onclickTrigger: trigger });
  return node;
}

function webauthnOptions(flow: Flow, identity: TestIdentity | undefined) {
  const challenge = Buffer.from(flow.id).toString('base64url');
  const user = {
    id: Buffer.from(identity?.id ?? 'anonymous').toString('base64url'),
    name: identity?.traits.email ?? '',
    displayName: identity?.traits.name ?? '',
  };
  return {
    publicKey: {
      challenge,
      rp: { name: 'Kratos test server', id: '127.0.0.1' },
      user,
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      allowCredentials: [],
    },
  };
}

function nodesFor(flow: Flow, server: KratosTestServer, script: { src: string; integrity: string }): Node[] {
  const csrf = input('default', 'csrf_token', 'hidden', { value: flow.csrf, required: true });
  const identity = flow.identityId ? server.identities.get(flow.identityId) : undefined;
  switch (flow.flowType) {
    case 'login':
      if (flow.requested_aal === 'aal2') {
        return [
          csrf,
          input('totp', 'totp_code', 'text', { label: 'Authentication code', required: true }),
          methodButton('totp', 'Use Authenticator'),
          ...(identity?.webauthn
            ? [
                scriptNode('webauthn', script.src, script.integrity),
                input('webauthn', 'webauthn_login', 'hidden', { value: '' }),
                webauthnTrigger(
                  'webauthn_login_trigger',
                  'oryWebAuthnLogin',
                  webauthnOptions(flow, identity),
                  'Use security key',
                ),
              ]
            : []),
        ];
      }
      return [
        csrf,
        input('default', 'identifier', 'text', {
          label: 'ID',
          required: true,
          value: flow.refresh ? identity?.traits.email : flow.echo?.identifier,
        }),
        input('password', 'password', 'password', { label: 'Password', required: true }),
        methodButton('password', 'Sign in'),
        input('oidc', 'provider', 'submit', { value: 'github', label: 'Sign in with github' }),
      ];
    case 'registration':
      return [
        csrf,
        ...traitInputs('password', flow.echo?.['traits.email'], flow.echo?.['traits.name']),
        input('password', 'password', 'password', { label: 'Password', required: true }),
        methodButton('password', 'Sign up'),
      ];
    case 'recovery':
    case 'verification':
      return flow.state === 'sent_email'
        ? [
            csrf,
            input('code', 'code', 'text', {
              label: `${flow.flowType === 'recovery' ? 'Recovery' : 'Verification'} code`,
              required: true,
            }),
            methodButton('code', 'Submit'),
          ]
        : flow.state === 'passed_challenge'
          ? []
          : [
              csrf,
              input('code', 'email', 'email', { label: 'Email', required: true }),
              methodButton('code', 'Submit'),
            ];
    case 'settings':
      return [
        csrf,
        ...traitInputs('profile', identity?.traits.email, identity?.traits.name),
        methodButton('profile', 'Save'),
        input('password', 'password', 'password', { label: 'Password', required: true }),
        methodButton('password', 'Save'),
        input('oidc', 'link', 'submit', { value: 'github', label: 'Link github' }),
        input('lookup_secret', 'lookup_secret_regenerate', 'submit', {
          value: true,
          label: 'Generate new backup recovery codes',
        }),
        identity?.totp
          ? input('totp', 'totp_unlink', 'submit', { value: true, label: 'Unlink TOTP Authenticator App' })
          : input('totp', 'totp_code', 'text', { label: 'Verify code' }),
        ...(identity?.totp ? [] : [methodButton('totp', 'Save')]),
        scriptNode('webauthn', script.src, script.integrity),
        input('webauthn', 'webauthn_register_displayname', 'text', { label: 'Name of the security key' }),
        input('webauthn', 'webauthn_register', 'hidden', { value: '' }),
        webauthnTrigger(
          'webauthn_register_trigger',
          'oryWebAuthnRegistration',
          webauthnOptions(flow, identity),
          'Add security key',
        ),
      ];
  }
}

function send(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string | string[]> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

/** Kratos's message for a password under its minimum length of 8. */
function passwordTooShort(password: string): Text {
  return text(
    4000032,
    `The password must be at least 8 characters long, but got ${password.length}.`,
    'error',
  );
}

/** 422 browser_location_change_required: the browser (not the caller) must go to `to`. */
function sendLocationChange(
  res: ServerResponse,
  message: string,
  to: string,
  headers: Record<string, string | string[]> = {},
) {
  send(
    res,
    422,
    errorBody('browser_location_change_required', 422, message, { redirect_browser_to: to }),
    headers,
  );
}

/** 403 security_csrf_violation with Kratos's text for the case (loading a flow, or submitting it). */
function sendCsrfViolation(res: ServerResponse, message: string) {
  send(res, 403, errorBody('security_csrf_violation', 403, message));
}

/** 401 session_inactive: what Kratos answers wherever a request needs a session and has none. */
function sendSessionInactive(res: ServerResponse) {
  send(res, 401, errorBody('session_inactive', 401, 'No active session was found in this request.'));
}

function errorBody(
  id: string | undefined,
  code: number,
  reason: string,
  extra: Record<string, unknown> = {},
) {
  const status =
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      410: 'Gone',
      422: 'Unprocessable Entity',
    }[code] ?? 'Error';
  return { error: { ...(id ? { id } : {}), code, status, reason, message: reason }, ...extra };
}

function parseCookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  return out;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A WebAuthn credential as the browser script puts it in the result field (JSON with id and response). */
function isCredential(raw: unknown): boolean {
  if (typeof raw !== 'string' || !raw) return false;
  try {
    const parsed = JSON.parse(raw) as { id?: unknown; response?: unknown };
    return typeof parsed.id === 'string' && typeof parsed.response === 'object' && parsed.response !== null;
  } catch {
    return false;
  }
}

const cookie = (name: string, value: string, maxAge?: number) =>
  `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax${maxAge !== undefined ? `; Max-Age=${maxAge}` : ''}`;

export async function startKratosTestServer(
  portOrOptions: number | KratosTestServerOptions = 0,
): Promise<KratosTestServer> {
  const options: KratosTestServerOptions =
    typeof portOrOptions === 'number' ? { port: portOrOptions } : portOrOptions;
  const port = options.port ?? 0;
  const uiUrl = options.uiUrl ?? ALLOWED_RETURN_PREFIX;
  const webauthnJs =
    options.webauthnScript ?? ';(function () { window.__oryWebAuthnInitialized = true })()\n';
  const webauthnIntegrity = `sha512-${createHash('sha512').update(webauthnJs).digest('base64')}`;
  const state = {
    identities: new Map<string, TestIdentity>(),
    flows: new Map<string, Flow>(),
    sessions: new Map<string, TestSession>(),
    flowErrors: new Map<string, unknown>(),
    privilegedMaxAgeMs: 15 * 60 * 1000,
  };
  let url = '';

  const api = state as unknown as KratosTestServer;

  function sessionOf(req: IncomingMessage): TestSession | undefined {
    const token = (req.headers['x-session-token'] as string | undefined) ?? parseCookies(req)[SESSION_COOKIE];
    const session = token ? state.sessions.get(token) : undefined;
    return session?.active ? session : undefined;
  }

  function sessionJson(s: TestSession) {
    const identity = state.identities.get(s.identityId);
    return {
      id: s.id,
      active: s.active,
      authenticator_assurance_level: s.aal,
      authenticated_at: new Date(s.authenticated_at).toISOString(),
      identity: identity
        ? { id: identity.id, schema_id: 'default', traits: identity.traits, state: 'active' }
        : undefined,
    };
  }

  function flowJson(flow: Flow) {
    flow.ui.nodes = nodesFor(flow, api, {
      src: `${url}${WEBAUTHN_SCRIPT_PATH}`,
      integrity: webauthnIntegrity,
    });
    const { csrf: _csrf, flowType: _t, identityId: _i, ...rest } = flow;
    return rest;
  }

  function newSession(identity: TestIdentity, aal: 'aal1' | 'aal2'): TestSession {
    const session = {
      id: randomUUID(),
      token: randomUUID(),
      identityId: identity.id,
      aal,
      active: true,
      authenticated_at: Date.now(),
    };
    state.sessions.set(session.token, session);
    return session;
  }

  function makeFlow(type: FlowType, csrf: string, params: URLSearchParams, session?: TestSession): Flow {
    const id = randomUUID();
    const flow: Flow = {
      id,
      type: 'browser',
      flowType: type,
      issued_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + FLOW_LIFESPAN_MS).toISOString(),
      request_url: `${url}/self-service/${type}/browser`,
      return_to: params.get('return_to') ?? undefined,
      refresh: params.get('refresh') === 'true',
      requested_aal: params.get('aal') === 'aal2' ? 'aal2' : 'aal1',
      state: type === 'recovery' || type === 'verification' ? 'choose_method' : undefined,
      csrf,
      identityId: session?.identityId,
      ui: { action: `${url}/self-service/${type}?flow=${id}`, method: 'POST', nodes: [] },
    };
    state.flows.set(id, flow);
    return flow;
  }

  const expired = (flow: Flow) => Date.parse(flow.expires_at) <= Date.now();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', url);
    const cookies = parseCookies(req);
    const session = sessionOf(req);
    const path = u.pathname;

    if (path === WEBAUTHN_SCRIPT_PATH && req.method === 'GET') {
      // Loaded cross-origin with integrity and crossorigin=anonymous, so it must allow any origin (CORS).
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
      });
      return res.end(webauthnJs);
    }

    if (path === '/sessions/whoami' && req.method === 'GET') {
      if (!session) return sendSessionInactive(res);
      const identity = state.identities.get(session.identityId);
      if ((identity?.totp || identity?.webauthn) && session.aal !== 'aal2') {
        return send(
          res,
          403,
          errorBody('session_aal2_required', 403, 'An AAL2 session is required.', {
            redirect_browser_to: `${url}/self-service/login/browser?aal=aal2`,
          }),
        );
      }
      return send(res, 200, sessionJson(session));
    }

    if (path === '/self-service/errors' && req.method === 'GET') {
      const id = u.searchParams.get('id') ?? '';
      const e = state.flowErrors.get(id);
      if (!e) return send(res, 404, errorBody(undefined, 404, 'The requested resource could not be found'));
      if (id === 'forbidden') return send(res, 403, errorBody(undefined, 403, 'Forbidden'));
      if (id === 'gone') return send(res, 410, errorBody(undefined, 410, 'Gone'));
      return send(res, 200, { id, error: e, created_at: new Date().toISOString() });
    }

    if (path === '/self-service/logout/browser' && req.method === 'GET') {
      if (!session) return sendSessionInactive(res);
      const token = `logout-${session.token}`;
      return send(res, 200, { logout_token: token, logout_url: `${url}/self-service/logout?token=${token}` });
    }

    if (path === '/self-service/logout' && req.method === 'GET') {
      const token = (u.searchParams.get('token') ?? '').replace(/^logout-/, '');
      const s = state.sessions.get(token);
      if (!s) return sendSessionInactive(res);
      s.active = false;
      res.writeHead(204, { 'set-cookie': cookie(SESSION_COOKIE, '', 0) });
      return res.end();
    }

    const browser = /^\/self-service\/(login|registration|recovery|verification|settings)\/browser$/.exec(
      path,
    );
    if (browser && req.method === 'GET') {
      const type = browser[1] as FlowType;
      const returnTo = u.searchParams.get('return_to');
      if (returnTo && !returnTo.startsWith(ALLOWED_RETURN_PREFIX)) {
        return send(
          res,
          400,
          errorBody('self_service_flow_return_to_forbidden', 400, 'The return_to address is not allowed.'),
        );
      }
      if (
        (type === 'login' || type === 'registration') &&
        session &&
        u.searchParams.get('refresh') !== 'true' &&
        !(type === 'login' && u.searchParams.get('aal') === 'aal2' && session.aal !== 'aal2')
      ) {
        return send(
          res,
          400,
          errorBody(
            'session_already_available',
            400,
            'A valid session was detected and thus login is not possible.',
          ),
        );
      }
      if (
        type === 'login' &&
        (u.searchParams.get('refresh') === 'true' || u.searchParams.get('aal') === 'aal2') &&
        !session
      ) {
        return sendSessionInactive(res);
      }
      if (type === 'settings' && !session) {
        return sendSessionInactive(res);
      }
      if (type === 'verification' && u.searchParams.get('return_to')?.endsWith('/bad')) {
        return send(
          res,
          400,
          errorBody(undefined, 400, 'The request was malformed or contained invalid parameters'),
        );
      }
      const csrf = cookies[CSRF_COOKIE] ?? randomUUID();
      const flow = makeFlow(type, csrf, u.searchParams, session);
      return send(res, 200, flowJson(flow), { 'set-cookie': cookie(CSRF_COOKIE, csrf) });
    }

    const get = /^\/self-service\/(login|registration|recovery|verification|settings)\/flows$/.exec(path);
    if (get && req.method === 'GET') {
      const flow = state.flows.get(u.searchParams.get('id') ?? '');
      if (!flow || flow.flowType !== get[1])
        return send(res, 404, errorBody(undefined, 404, 'The requested resource could not be found'));
      if (cookies[CSRF_COOKIE] !== flow.csrf) {
        return sendCsrfViolation(
          res,
          'The flow has been blocked due to a possible Cross-Site Request Forgery attack.',
        );
      }
      if (expired(flow))
        return send(res, 410, errorBody('self_service_flow_expired', 410, 'The self-service flow expired.'));
      if (flow.flowType === 'settings' && (!session || session.identityId !== flow.identityId)) {
        return send(
          res,
          403,
          errorBody('security_identity_mismatch', 403, 'The flow belongs to another identity.'),
        );
      }
      return send(res, 200, flowJson(flow));
    }

    const post = /^\/self-service\/(login|registration|recovery|verification|settings)$/.exec(path);
    if (post && req.method === 'POST') {
      const type = post[1] as FlowType;
      const flow = state.flows.get(u.searchParams.get('flow') ?? '');
      if (!flow || flow.flowType !== type)
        return send(res, 404, errorBody(undefined, 404, 'The requested resource could not be found'));
      const body = await readJson(req);
      if (expired(flow)) {
        const replacement = makeFlow(type, flow.csrf, new URLSearchParams(), session);
        return send(
          res,
          410,
          errorBody('self_service_flow_expired', 410, 'The self-service flow expired.', {
            use_flow_id: replacement.id,
          }),
        );
      }
      if (!body.csrf_token || body.csrf_token !== flow.csrf || cookies[CSRF_COOKIE] !== flow.csrf) {
        return sendCsrfViolation(
          res,
          'The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
        );
      }
      flow.ui.messages = [];
      const bad = (messages: Text[]) => {
        flow.ui.messages = messages;
        return send(res, 400, flowJson(flow));
      };
      const method = String(body.method ?? (body.provider ? 'oidc' : body.link ? 'oidc' : ''));

      if (type === 'login') {
        if (method === 'oidc') {
          return sendLocationChange(
            res,
            'In order to complete this flow please redirect the browser to: https://github.example/login/oauth',
            'https://github.example/login/oauth',
          );
        }
        if (method === 'webauthn') {
          if (!session) return sendSessionInactive(res);
          if (!isCredential(body.webauthn_login))
            return bad([text(4000001, 'Unable to parse WebAuthn response.', 'error')]);
          session.aal = 'aal2';
          session.authenticated_at = Date.now();
          return send(res, 200, { session: sessionJson(session) });
        }
        if (method === 'totp') {
          if (!session) return sendSessionInactive(res);
          if (body.totp_code !== TOTP_CODE)
            return bad([
              text(4000008, 'The provided authentication code is invalid, please try again.', 'error'),
            ]);
          session.aal = 'aal2';
          session.authenticated_at = Date.now();
          return send(res, 200, { session: sessionJson(session) });
        }
        const identifier = String(body.identifier ?? '');
        const password = String(body.password ?? '');
        flow.echo = { identifier };
        if (!identifier || !password)
          return bad([
            text(4000002, `Property ${identifier ? 'password' : 'identifier'} is missing.`, 'error'),
          ]);
        const identity = [...state.identities.values()].find((i) => i.traits.email === identifier);
        if (!identity || identity.password !== password) {
          return bad([
            text(
              4000006,
              'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
              'error',
            ),
          ]);
        }
        if (flow.refresh && session) {
          session.authenticated_at = Date.now();
          return send(res, 200, { session: sessionJson(session) });
        }
        const s = newSession(identity, 'aal1');
        return send(res, 200, { session: sessionJson(s) }, { 'set-cookie': cookie(SESSION_COOKIE, s.token) });
      }

      if (type === 'registration') {
        const traits = (body.traits ?? {}) as { email?: string; name?: string };
        const password = String(body.password ?? '');
        flow.echo = { 'traits.email': traits.email ?? '', 'traits.name': traits.name ?? '' };
        if (!traits.email) return bad([text(4000002, 'Property email is missing.', 'error')]);
        if (password.length < 8) return bad([passwordTooShort(password)]);
        if ([...state.identities.values()].some((i) => i.traits.email === traits.email)) {
          return bad([
            text(
              4000007,
              'An account with the same identifier (email, phone, username, ...) exists already.',
              'error',
            ),
          ]);
        }
        const identity: TestIdentity = {
          id: randomUUID(),
          traits: { email: traits.email, name: traits.name },
          password,
        };
        state.identities.set(identity.id, identity);
        const s = newSession(identity, 'aal1');
        const verification = makeFlow('verification', flow.csrf, new URLSearchParams(), s);
        return send(
          res,
          200,
          {
            identity: { id: identity.id, traits: identity.traits },
            session: sessionJson(s),
            continue_with: [
              {
                action: 'show_verification_ui',
                flow: { id: verification.id, verifiable_address: traits.email },
              },
            ],
          },
          { 'set-cookie': cookie(SESSION_COOKIE, s.token) },
        );
      }

      if (type === 'recovery' || type === 'verification') {
        if (flow.state === 'sent_email') {
          const expected = type === 'recovery' ? RECOVERY_CODE : VERIFICATION_CODE;
          if (body.code !== expected) {
            return bad([
              text(
                type === 'recovery' ? 4060006 : 4070006,
                `The ${type} code is invalid or has already been used. Please try again.`,
                'error',
              ),
            ]);
          }
          if (type === 'verification') {
            flow.state = 'passed_challenge';
            flow.ui.messages = [text(1080002, 'You successfully verified your email address.', 'success')];
            return send(res, 200, flowJson(flow));
          }
          const identity = [...state.identities.values()].find(
            (i) => i.traits.email === (flow as Flow & { email?: string }).email,
          );
          if (!identity)
            return bad([
              text(
                4060006,
                'The recovery code is invalid or has already been used. Please try again.',
                'error',
              ),
            ]);
          const s = newSession(identity, 'aal1');
          const settings = makeFlow('settings', flow.csrf, new URLSearchParams(), s);
          return sendLocationChange(
            res,
            'In order to complete this flow please redirect the browser to the settings flow',
            `${uiUrl}/profile-settings?flow=${settings.id}`,
            { 'set-cookie': cookie(SESSION_COOKIE, s.token) },
          );
        }
        const email = String(body.email ?? '');
        if (!email.includes('@')) return bad([text(4000001, `"${email}" is not valid "email"`, 'error')]);
        (flow as Flow & { email?: string }).email = email;
        flow.state = 'sent_email';
        flow.ui.messages = [
          text(
            type === 'recovery' ? 1060003 : 1080003,
            `An email containing a ${type} code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.`,
          ),
        ];
        return send(res, 200, flowJson(flow));
      }

      // settings
      if (!session || session.identityId !== flow.identityId) {
        return sendSessionInactive(res);
      }
      const identity = state.identities.get(session.identityId);
      if (!identity) return sendSessionInactive(res);
      const privileged =
        method === 'password' || method === 'totp' || method === 'lookup_secret' || method === 'webauthn';
      if (privileged && Date.now() - session.authenticated_at > state.privilegedMaxAgeMs) {
        return send(
          res,
          403,
          errorBody(
            'session_refresh_required',
            403,
            'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
            {
              redirect_browser_to: `${url}/self-service/login/browser?refresh=true`,
            },
          ),
        );
      }
      if (method === 'oidc') {
        return sendLocationChange(res, 'Redirect to the provider', 'https://github.example/login/oauth');
      }
      if (method === 'profile') {
        const traits = (body.traits ?? {}) as { email?: string; name?: string };
        if (!traits.email) return bad([text(4000002, 'Property email is missing.', 'error')]);
        identity.traits = { email: traits.email, name: traits.name };
      } else if (method === 'password') {
        const password = String(body.password ?? '');
        if (password.length < 8) return bad([passwordTooShort(password)]);
        identity.password = password;
      } else if (method === 'totp') {
        if (body.totp_unlink) identity.totp = false;
        else if (body.totp_code !== TOTP_CODE)
          return bad([
            text(4000008, 'The provided authentication code is invalid, please try again.', 'error'),
          ]);
        else identity.totp = true;
      } else if (method === 'webauthn') {
        if (!isCredential(body.webauthn_register))
          return bad([text(4000001, 'Unable to parse WebAuthn response.', 'error')]);
        identity.webauthn = true;
      } else if (method !== 'lookup_secret') {
        return bad([text(4000001, 'Could not find a strategy to update your settings.', 'error')]);
      }
      flow.state = 'success';
      flow.ui.messages = [text(1050001, 'Your changes have been saved!', 'success')];
      return send(res, 200, flowJson(flow));
    }

    send(res, 404, errorBody(undefined, 404, 'The requested resource could not be found'));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => send(res, 500, errorBody(undefined, 500, String(e))));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(api, {
    url,
    expireFlow(id: string) {
      const flow = state.flows.get(id);
      if (flow) flow.expires_at = new Date(Date.now() - 1000).toISOString();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
