import { Configuration, FrontendApi, type FlowError, type Session } from '@ory/client';
import type { AxiosResponse } from 'axios';
import type { CookieJar } from '@/lib/auth/kratos/cookies';
import {
  flowErrorOutcome,
  pageUrl,
  type FlowContext,
  type FlowKind,
  type FlowOutcome,
  type KratosFlow,
} from '@/lib/auth/kratos/flow-errors';

/**
 * The console's side of the identity server's browser flows, run on the server: every call forwards the Kratos
 * cookies from the jar and stores what Kratos sets, so the browser never learns the identity server's address.
 */

export function kratosApi(baseUrl: string): FrontendApi {
  return new FrontendApi(
    new Configuration({
      basePath: baseUrl.replace(/\/+$/, ''),
      // JSON answers instead of 303 redirects to the identity server's own UI; no redirects are followed.
      baseOptions: { headers: { accept: 'application/json' }, maxRedirects: 0, timeout: 10_000 },
    }),
  );
}

type Raw<T> = { ok: true; status: number; data: T } | { ok: false; status: number; body: unknown };

interface AxiosLikeError {
  response?: { status: number; data: unknown; headers: Record<string, unknown> };
}

function setCookiesOf(headers: Record<string, unknown> | undefined): string[] {
  const raw = headers?.['set-cookie'];
  if (Array.isArray(raw)) return raw.map(String);
  return typeof raw === 'string' ? [raw] : [];
}

/** Runs one SDK call with the jar's cookies and applies the Set-Cookie headers of any answer, success or not. */
async function call<T>(
  jar: CookieJar,
  run: (options: { headers: Record<string, string> }) => Promise<AxiosResponse<T>>,
): Promise<Raw<T>> {
  const cookie = jar.header();
  try {
    const response = await run({ headers: cookie ? { cookie } : {} });
    jar.apply(setCookiesOf(response.headers as Record<string, unknown>));
    return { ok: true, status: response.status, data: response.data };
  } catch (error) {
    const response = (error as AxiosLikeError).response;
    if (!response) {
      return {
        ok: false,
        status: 502,
        body: { error: { message: 'The identity server is not reachable. Please try again.' } },
      };
    }
    jar.apply(setCookiesOf(response.headers));
    return { ok: false, status: response.status, body: response.data };
  }
}

export interface CreateParams {
  refresh?: boolean;
  aal?: string;
}

function absoluteReturnTo(ctx: FlowContext): string | undefined {
  return ctx.origin && ctx.returnTo !== '/' ? `${ctx.origin}${ctx.returnTo}` : undefined;
}

/** Creates a browser flow (login honours refresh and aal); errors become the outcome of spec 000 §4/§8. */
export async function createFlow(
  api: FrontendApi,
  kind: FlowKind,
  params: CreateParams,
  jar: CookieJar,
  ctx: FlowContext,
): Promise<FlowOutcome> {
  const returnTo = absoluteReturnTo(ctx);
  const raw = await call<KratosFlow>(jar, (options) => {
    switch (kind) {
      case 'login':
        return api.createBrowserLoginFlow({ refresh: params.refresh, aal: params.aal, returnTo }, options);
      case 'registration':
        return api.createBrowserRegistrationFlow({ returnTo }, options);
      case 'recovery':
        return api.createBrowserRecoveryFlow({ returnTo }, options);
      case 'verification':
        return api.createBrowserVerificationFlow({ returnTo }, options);
      case 'settings':
        return api.createBrowserSettingsFlow({ returnTo }, options);
    }
  });
  return raw.ok
    ? { kind: 'flow', flow: raw.data }
    : flowErrorOutcome(kind, 'create', raw.status, raw.body, ctx);
}

/** Loads a flow by id; an unknown, foreign or expired flow starts over. */
export async function getFlow(
  api: FrontendApi,
  kind: FlowKind,
  id: string,
  jar: CookieJar,
  ctx: FlowContext,
): Promise<FlowOutcome> {
  const raw = await call<KratosFlow>(jar, (options) => {
    switch (kind) {
      case 'login':
        return api.getLoginFlow({ id }, options);
      case 'registration':
        return api.getRegistrationFlow({ id }, options);
      case 'recovery':
        return api.getRecoveryFlow({ id }, options);
      case 'verification':
        return api.getVerificationFlow({ id }, options);
      case 'settings':
        return api.getSettingsFlow({ id }, options);
    }
  });
  return raw.ok ? { kind: 'flow', flow: raw.data } : flowErrorOutcome(kind, 'get', raw.status, raw.body, ctx);
}

export type SubmitOutcome = FlowOutcome | { kind: 'signed-in'; session?: Session; continueWith?: unknown[] };

/** Request body keys that Kratos expects as booleans although forms carry them as text. */
const BOOLEAN_FIELDS = new Set([
  'lookup_secret_reveal',
  'lookup_secret_regenerate',
  'lookup_secret_confirm',
  'lookup_secret_disable',
  'totp_unlink',
  'refresh',
]);

/** Form fields → the JSON body Kratos takes: dotted names (traits.email) become nested objects. */
export function flowBody(entries: Iterable<[string, string]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    const parts = name.split('.');
    let target = body;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      target = (next && typeof next === 'object' ? next : (target[part] = {})) as Record<string, unknown>;
    }
    const leaf = parts[parts.length - 1] ?? name;
    target[leaf] = BOOLEAN_FIELDS.has(leaf) ? value === 'true' : value;
  }
  return body;
}

/**
 * Submits a flow. Login and registration end signed in; the other flows answer with the updated flow (messages
 * such as 'Your changes have been saved!' come from the server and are shown as sent).
 */
export async function submitFlow(
  api: FrontendApi,
  kind: FlowKind,
  flowId: string,
  body: Record<string, unknown>,
  jar: CookieJar,
  ctx: FlowContext,
): Promise<SubmitOutcome> {
  const raw = await call<unknown>(jar, (options) => {
    // The SDK's body unions are keyed on `method`; the server validates the content.
    const anyBody = body as never;
    switch (kind) {
      case 'login':
        return api.updateLoginFlow({ flow: flowId, updateLoginFlowBody: anyBody }, options);
      case 'registration':
        return api.updateRegistrationFlow({ flow: flowId, updateRegistrationFlowBody: anyBody }, options);
      case 'recovery':
        return api.updateRecoveryFlow({ flow: flowId, updateRecoveryFlowBody: anyBody }, options);
      case 'verification':
        return api.updateVerificationFlow({ flow: flowId, updateVerificationFlowBody: anyBody }, options);
      case 'settings':
        return api.updateSettingsFlow({ flow: flowId, updateSettingsFlowBody: anyBody }, options);
    }
  });
  if (!raw.ok) return flowErrorOutcome(kind, 'submit', raw.status, raw.body, ctx);
  if (kind === 'login' || kind === 'registration') {
    const data = (raw.data ?? {}) as { session?: Session; continue_with?: unknown[] };
    return { kind: 'signed-in', session: data.session, continueWith: data.continue_with };
  }
  return { kind: 'flow', flow: raw.data as KratosFlow };
}

export type SessionCheck =
  | { kind: 'session'; session: Session }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; status: number; message: string };

/** Session check (spec 000 §4): 403 or 422 → second-factor login, 401 → login with return_to. */
export async function checkSession(
  api: FrontendApi,
  jar: CookieJar,
  ctx: FlowContext,
): Promise<SessionCheck> {
  const raw = await call<Session>(jar, (options) => api.toSession({}, options));
  if (raw.ok) return { kind: 'session', session: raw.data };
  if (raw.status === 403 || raw.status === 422)
    return { kind: 'redirect', to: pageUrl('login', { aal: 'aal2', return_to: ctx.returnTo }) };
  if (raw.status === 401) return { kind: 'redirect', to: pageUrl('login', { return_to: ctx.returnTo }) };
  const b = raw.body as { error?: { message?: string } } | undefined;
  return { kind: 'error', status: raw.status, message: b?.error?.message ?? 'An error occurred' };
}

/** Ends the identity server's session; failures are ignored because the console signs out either way. */
export async function logout(api: FrontendApi, jar: CookieJar): Promise<boolean> {
  const flow = await call<{ logout_token: string }>(jar, (options) =>
    api.createBrowserLogoutFlow({}, options),
  );
  if (!flow.ok) return false;
  const done = await call<void>(jar, (options) =>
    api.updateLogoutFlow({ token: flow.data.logout_token }, options),
  );
  return done.ok;
}

export type FlowErrorOutcome =
  | { kind: 'error-detail'; error: FlowError }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; status: number; message: string };

/** The flow-error page (spec 000 §2): 404, 403 and 410 go to /, otherwise the raw error is shown. */
export async function loadFlowError(api: FrontendApi, id: string, jar: CookieJar): Promise<FlowErrorOutcome> {
  const raw = await call<FlowError>(jar, (options) => api.getFlowError({ id }, options));
  if (raw.ok) return { kind: 'error-detail', error: raw.data };
  if (raw.status === 404 || raw.status === 403 || raw.status === 410) return { kind: 'redirect', to: '/' };
  return { kind: 'error', status: raw.status, message: 'An error occurred' };
}
