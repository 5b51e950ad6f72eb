import 'server-only';
import { redirect } from 'next/navigation';
import { getFlow } from '@/lib/auth/kratos/flows';
import { noticeText, type FlowKind, type KratosFlow } from '@/lib/auth/kratos/flow-errors';
import { kratos, nextCookieJar, requestOrigin } from '@/lib/auth/kratos/server';
import { safeReturnTo } from '@/lib/auth/return-to';

export type SearchParams = Record<string, string | string[] | undefined>;

export const firstParam = (v: string | string[] | undefined): string | undefined =>
  Array.isArray(v) ? v[0] : v;

export interface PageFlow {
  flow?: KratosFlow;
  error?: string;
  returnTo: string;
  notice?: string;
}

/** The start address of a flow: our route handler creates it server-side and comes back with ?flow=. */
export function flowStartUrl(kind: FlowKind, params: SearchParams): string {
  const query = new URLSearchParams();
  for (const key of ['return_to', 'refresh', 'aal', 'notice'] as const) {
    const value = firstParam(params[key]);
    if (value) query.set(key, key === 'return_to' ? safeReturnTo(value) : value);
  }
  const qs = query.toString();
  return `/api/session/kratos/${kind}${qs ? `?${qs}` : ''}`;
}

/**
 * A flow page's data: creates the flow when there is no id (redirect), loads it by id otherwise, and follows the
 * outcome of spec 000 §4/§8 (unknown, foreign or expired flows start over).
 */
export async function flowForPage(kind: FlowKind, params: SearchParams): Promise<PageFlow> {
  const returnTo = safeReturnTo(firstParam(params.return_to));
  const notice = noticeText(firstParam(params.notice));
  const id = firstParam(params.flow);
  if (!id) redirect(flowStartUrl(kind, params));
  const outcome = await getFlow(kratos(), kind, id, await nextCookieJar(false), {
    returnTo,
    origin: await requestOrigin(),
  });
  if (outcome.kind === 'redirect') redirect(outcome.to);
  if (outcome.kind === 'error') return { error: outcome.message, returnTo, notice };
  return { flow: outcome.flow, returnTo, notice };
}
