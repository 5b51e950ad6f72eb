import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { UiNode } from '@ory/client';
import { establishConsoleSession } from '@/lib/auth/kratos/establish';
import { createFlow, submitFlow, type SubmitOutcome } from '@/lib/auth/kratos/flows';
import type { KratosFlow, KratosFormState } from '@/lib/auth/kratos/flow-errors';
import { kratos, nextCookieJar, requestOrigin } from '@/lib/auth/kratos/server';
import { safeReturnTo } from '@/lib/auth/return-to';
import {
  CLIENT_ADDRESS_HEADER,
  recordSignInFailure,
  recordSignInSuccess,
  signInWaitSeconds,
  tooManyAttemptsMessage,
} from '@/lib/auth/sign-in-throttle';
import { probes, type SignInOutcome } from '@/lib/telemetry/probes';

/** The sign-in metric's outcome of a password login Kratos answered (a redirect: the password was accepted). */
function kratosSignInOutcome(outcome: SubmitOutcome | undefined): SignInOutcome {
  if (!outcome) return 'unavailable';
  if (outcome.kind === 'signed-in' || outcome.kind === 'redirect') return 'success';
  if (outcome.kind === 'flow') return 'invalid';
  if (outcome.status === 429) return 'throttled';
  return outcome.status === 0 || outcome.status >= 500 ? 'unavailable' : 'error';
}

/**
 * A password login the console submits to Kratos, under the same backoff as basic sign-in: refused unsubmitted
 * while a wait runs; a flow answer (Kratos keeps the flow and says the credentials are invalid) counts as a failure.
 * Every outcome is counted by the sign-in probe, as basic sign-in's are (issue 36).
 */
export async function throttledPasswordLogin(
  identifier: string,
  submit: () => Promise<SubmitOutcome>,
): Promise<SubmitOutcome> {
  const address = (await headers()).get(CLIENT_ADDRESS_HEADER);
  const wait = signInWaitSeconds(identifier, address);
  const attempt: () => Promise<SubmitOutcome> =
    wait > 0 ? async () => ({ kind: 'error', status: 429, message: tooManyAttemptsMessage(wait) }) : submit;
  const outcome = await probes().signIn(attempt, kratosSignInOutcome);
  if (outcome.kind === 'signed-in') recordSignInSuccess(identifier);
  else if (outcome.kind === 'flow') recordSignInFailure(identifier, address);
  return outcome;
}

function csrfTokenOf(flow: KratosFlow): string {
  const node = flow.ui.nodes.find(
    (n: UiNode) => n.attributes.node_type === 'input' && n.attributes.name === 'csrf_token',
  );
  const value = node?.attributes.node_type === 'input' ? node.attributes.value : undefined;
  return typeof value === 'string' ? value : '';
}

/** Kiosk displays in Kratos mode: a login flow created and submitted on the server with the given credentials. */
export async function kratosPasswordSignIn(
  returnTo: string,
  username: string,
  password: string,
): Promise<KratosFormState> {
  const ctx = { returnTo: safeReturnTo(returnTo), origin: await requestOrigin() };
  const jar = await nextCookieJar(true);
  const created = await createFlow(kratos(), 'login', {}, jar, ctx);
  if (created.kind === 'redirect') redirect(created.to);
  if (created.kind === 'error') return { error: created.message };
  const body = {
    method: 'password',
    csrf_token: csrfTokenOf(created.flow),
    identifier: String(username),
    password: String(password),
  };
  const outcome = await throttledPasswordLogin(body.identifier, () =>
    submitFlow(kratos(), 'login', created.flow.id, body, jar, ctx),
  );
  if (outcome.kind === 'flow') return { flow: outcome.flow };
  if (outcome.kind === 'redirect') redirect(outcome.to);
  if (outcome.kind === 'error') return { error: outcome.message };
  return { error: await establishConsoleSession(jar, ctx) };
}
