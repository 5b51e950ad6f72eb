import type { LoginFlow, RecoveryFlow, RegistrationFlow, SettingsFlow, VerificationFlow } from '@ory/client';
import { safeReturnTo } from '@/lib/auth/return-to';

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';
export type KratosFlow = LoginFlow | RegistrationFlow | RecoveryFlow | VerificationFlow | SettingsFlow;

/** What a Kratos form shows after a submit: the flow as Kratos answered it, or an error of ours. */
export interface KratosFormState {
  flow?: KratosFlow;
  error?: string;
}

/** The console page of each flow (settings lives at /profile-settings, spec 000 §2). */
export const FLOW_PAGES: Record<FlowKind, string> = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
};

/** Texts shown after a flow was reset (spec 000 §8), keyed by the error id carried in `notice`. */
export const FLOW_NOTICES: Record<string, string> = {
  self_service_flow_return_to_forbidden: 'The return_to address is not allowed.',
  self_service_flow_expired: 'Your interaction expired, please fill out the form again.',
  security_csrf_violation: 'A security violation was detected, please fill out the form again.',
  security_identity_mismatch: 'The request was made for another account, please fill out the form again.',
};

export function noticeText(notice: unknown): string | undefined {
  return typeof notice === 'string' ? FLOW_NOTICES[notice] : undefined;
}

/** What the page does next after a call to the identity server. */
export type FlowOutcome =
  | { kind: 'flow'; flow: KratosFlow }
  | { kind: 'redirect'; to: string; external?: boolean }
  | { kind: 'error'; status: number; message: string };

export interface FlowContext {
  /** Where the user goes after the flow (same-origin path). */
  returnTo: string;
  /** The console's own origin, to turn the identity server's absolute UI addresses into local paths. */
  origin?: string;
}

export type FlowPhase = 'create' | 'get' | 'submit';

interface ErrorBody {
  error?: { id?: string; message?: string; reason?: string; code?: number };
  redirect_browser_to?: string;
  ui?: unknown;
}

export function pageUrl(kind: FlowKind, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '') continue;
    if (k === 'return_to' && v === '/') continue;
    query.set(k, v);
  }
  const qs = query.toString();
  return `${FLOW_PAGES[kind]}${qs ? `?${qs}` : ''}`;
}

/**
 * Turns an address the identity server sent into a console path: its own browser endpoints map to our pages
 * (keeping refresh and aal), addresses on our origin keep their path, anything else is refused (undefined).
 */
export function localAddress(address: string | undefined, ctx: FlowContext): string | undefined {
  if (!address) return undefined;
  let url: URL;
  try {
    url = new URL(address, 'http://relative.invalid');
  } catch {
    return undefined;
  }
  const browser = /^\/self-service\/(login|registration|recovery|verification|settings)\/browser$/.exec(
    url.pathname,
  );
  if (browser) {
    const kind = browser[1] as FlowKind;
    return pageUrl(kind, {
      refresh: url.searchParams.get('refresh') ?? undefined,
      aal: url.searchParams.get('aal') ?? undefined,
      return_to: ctx.returnTo,
    });
  }
  const sameOrigin =
    url.origin === 'http://relative.invalid' || (ctx.origin !== undefined && url.origin === ctx.origin);
  if (!sameOrigin) return undefined;
  const path = safeReturnTo(`${url.pathname}${url.search}`, '');
  return path || undefined;
}

function isFlow(body: unknown): body is KratosFlow {
  return Boolean(body && typeof body === 'object' && 'ui' in body && 'id' in body);
}

/**
 * Spec 000 §4 and §8 in one place, mirroring Ory's documented browser-flow error handling: the error id decides
 * first (second factor, refresh, inactive session, reset with a notice, browser location change), then the
 * status (400 with a flow replaces it, 410 resets it). Verification has its own rules (410/403 reload it, 400 on
 * create goes to /).
 */
export function flowErrorOutcome(
  kind: FlowKind,
  phase: FlowPhase,
  status: number,
  body: unknown,
  ctx: FlowContext,
): FlowOutcome {
  const b = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  const id = b.error?.id;
  const reset = (notice?: string) =>
    ({
      kind: 'redirect',
      to: pageUrl(kind, {
        return_to: notice === 'self_service_flow_return_to_forbidden' ? undefined : ctx.returnTo,
        notice,
      }),
    }) as const;

  if (kind === 'verification') {
    if (status === 410 || status === 403)
      return {
        kind: 'redirect',
        to: pageUrl('verification', {
          return_to: ctx.returnTo,
          notice: id && FLOW_NOTICES[id] ? id : undefined,
        }),
      };
    if (status === 400 && phase === 'create') return { kind: 'redirect', to: '/' };
  }

  switch (id) {
    case 'session_inactive':
      return { kind: 'redirect', to: pageUrl('login', { return_to: ctx.returnTo }) };
    case 'session_aal2_required':
      return {
        kind: 'redirect',
        to:
          localAddress(b.redirect_browser_to, ctx) ??
          pageUrl('login', { aal: 'aal2', return_to: ctx.returnTo }),
      };
    case 'session_already_available':
      return { kind: 'redirect', to: '/' };
    case 'session_refresh_required':
      return {
        kind: 'redirect',
        to:
          localAddress(b.redirect_browser_to, ctx) ??
          pageUrl('login', { refresh: 'true', return_to: ctx.returnTo }),
      };
    case 'self_service_flow_return_to_forbidden':
    case 'self_service_flow_expired':
    case 'security_csrf_violation':
    case 'security_identity_mismatch':
      return reset(id);
    case 'browser_location_change_required': {
      const local = localAddress(b.redirect_browser_to, ctx);
      if (local) return { kind: 'redirect', to: local };
      // A social sign-in provider lives elsewhere by design: the browser must go there.
      if (b.redirect_browser_to && /^https?:\/\//.test(b.redirect_browser_to))
        return { kind: 'redirect', to: b.redirect_browser_to, external: true };
      break;
    }
  }
  if (status === 410) return reset();
  if (status === 400 && isFlow(body)) return { kind: 'flow', flow: body };
  if (phase === 'get' && (status === 404 || status === 403)) return reset();
  return { kind: 'error', status, message: b.error?.reason ?? b.error?.message ?? 'An error occurred' };
}
