'use server';

import { redirect } from 'next/navigation';
import { establishConsoleSession } from '@/lib/auth/kratos/establish';
import { flowBody, submitFlow } from '@/lib/auth/kratos/flows';
import {
  FLOW_PAGES,
  pageUrl,
  type FlowContext,
  type FlowKind,
  type KratosFlow,
  type KratosFormState,
} from '@/lib/auth/kratos/flow-errors';
import { throttledPasswordLogin } from '@/lib/auth/kratos/password-sign-in';
import { kratos, nextCookieJar, requestOrigin } from '@/lib/auth/kratos/server';
import type { CookieJar } from '@/lib/auth/kratos/cookies';
import { safeReturnTo } from '@/lib/auth/return-to';
import { getSession } from '@/lib/auth/server';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/auth/session';
import { revokeUserSessions } from '@/lib/auth/session-revocation';
import { getEnv } from '@/lib/env';

const isFlowKind = (v: unknown): v is FlowKind => typeof v === 'string' && v in FLOW_PAGES;

function requireKratosMode(): void {
  if (getEnv().AUTH_PROVIDER !== 'kratos') throw new Error('Not available in this sign-in mode.');
}

/** The verification flow Kratos asks to show after registration, if any. */
function verificationFlowId(continueWith: unknown[] | undefined): string | undefined {
  for (const item of continueWith ?? []) {
    const c = item as { action?: string; flow?: { id?: string } };
    if (c.action === 'show_verification_ui' && c.flow?.id) return c.flow.id;
  }
  return undefined;
}

/**
 * A changed password ends every console session of the person signed in before it (other devices, saved copies
 * of this cookie), then this browser gets a fresh session and sees the flow's success message.
 */
async function afterPasswordChange(jar: CookieJar, ctx: FlowContext, flow: KratosFlow): Promise<string> {
  const session = await getSession();
  const now = Date.now();
  if (session) await revokeUserSessions(session.user.id, now, now + SESSION_MAX_AGE_SECONDS * 1000);
  return establishConsoleSession(jar, ctx, pageUrl('settings', { flow: flow.id, return_to: ctx.returnTo }));
}

/**
 * Submits a flow form. Server actions accept same-origin posts only and Kratos checks its own CSRF token, so the
 * form is protected twice. Arguments bound on the client are re-validated here.
 */
export async function submitKratosFlowAction(
  kind: unknown,
  rawReturnTo: unknown,
  _previous: KratosFormState,
  form: FormData,
): Promise<KratosFormState> {
  requireKratosMode();
  if (!isFlowKind(kind)) return { error: 'Unknown flow.' };
  const ctx = { returnTo: safeReturnTo(rawReturnTo), origin: await requestOrigin() };
  const flowId = String(form.get('__flow') ?? '');
  const entries: [string, string][] = [];
  for (const [k, v] of form.entries())
    if (typeof v === 'string' && !k.startsWith('__') && !k.startsWith('$')) entries.push([k, v]);
  const body = flowBody(entries);
  if (body.method === undefined) {
    // Forms submitted by a script (WebAuthn) carry no submit button, so the method follows from the result field.
    body.method =
      body.provider || body.link || body.unlink
        ? 'oidc'
        : body.webauthn_login || body.webauthn_register
          ? 'webauthn'
          : String(form.get('__method') ?? '');
  }
  const jar = await nextCookieJar(true);
  const submit = () => submitFlow(kratos(), kind, flowId, body, jar, ctx);
  const outcome =
    kind === 'login' && body.method === 'password'
      ? await throttledPasswordLogin(String(body.identifier ?? ''), submit)
      : await submit();
  switch (outcome.kind) {
    case 'flow':
      if (
        kind === 'settings' &&
        body.method === 'password' &&
        (outcome.flow as { state?: unknown }).state === 'success'
      ) {
        return { error: await afterPasswordChange(jar, ctx, outcome.flow) };
      }
      return { flow: outcome.flow };
    case 'redirect':
      redirect(outcome.to);
      break;
    case 'error':
      return { error: outcome.message };
    case 'signed-in': {
      const verification = kind === 'registration' ? verificationFlowId(outcome.continueWith) : undefined;
      const next = verification
        ? `/verification?flow=${encodeURIComponent(verification)}&return_to=${encodeURIComponent(ctx.returnTo)}`
        : ctx.returnTo;
      return { error: await establishConsoleSession(jar, ctx, next) };
    }
  }
  return {};
}
