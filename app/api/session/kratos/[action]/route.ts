import { redirect } from 'next/navigation';
import { apiRoute } from '@/lib/backend/api-route';
import { establishConsoleSession } from '@/lib/auth/kratos/establish';
import { createFlow } from '@/lib/auth/kratos/flows';
import { FLOW_PAGES, pageUrl, type FlowKind } from '@/lib/auth/kratos/flow-errors';
import { kratos, nextCookieJar, requestOrigin } from '@/lib/auth/kratos/server';
import { safeReturnTo } from '@/lib/auth/return-to';
import { getEnv } from '@/lib/env';

export const dynamic = 'force-dynamic';

/**
 * The console's stand-in for the identity server's browser endpoints: creates a flow server-side (relaying the
 * CSRF cookie) and sends the browser to our page with ?flow=, or runs the session check ('check') and renews the
 * console session. The browser never sees KRATOS_URL.
 */
export const GET = apiRoute(
  async (request: Request, { params }: { params: Promise<{ action: string }> }): Promise<Response> => {
    if (getEnv().AUTH_PROVIDER !== 'kratos') return new Response('Not found', { status: 404 });
    const { action } = await params;
    const url = new URL(request.url);
    const returnTo = safeReturnTo(url.searchParams.get('return_to'));
    const ctx = { returnTo, origin: await requestOrigin() };
    const jar = await nextCookieJar(true);

    if (action === 'check') {
      await establishConsoleSession(jar, ctx);
      redirect(`/error?error_code=BAD_SESSION`);
    }
    if (!(action in FLOW_PAGES)) return new Response('Not found', { status: 404 });
    const kind = action as FlowKind;
    const outcome = await createFlow(
      kratos(),
      kind,
      { refresh: url.searchParams.get('refresh') === 'true', aal: url.searchParams.get('aal') ?? undefined },
      jar,
      ctx,
    );
    // A Kratos session without a console session (e.g. the console cookie expired): renew it instead of looping.
    if (outcome.kind === 'redirect' && kind === 'login' && outcome.to === '/') {
      await establishConsoleSession(jar, ctx);
      redirect(`/error?error_code=BAD_SESSION`);
    }
    if (outcome.kind === 'redirect') redirect(outcome.to);
    if (outcome.kind === 'error') redirect(`/error?error_code=IDENTITY_SERVER_${outcome.status}`);
    // refresh and aal stay in the address: the login page must not send a signed-in user on to return_to.
    redirect(
      pageUrl(kind, {
        flow: outcome.flow.id,
        return_to: returnTo,
        refresh: kind === 'login' && url.searchParams.get('refresh') === 'true' ? 'true' : undefined,
        aal: kind === 'login' ? (url.searchParams.get('aal') ?? undefined) : undefined,
        notice: url.searchParams.get('notice') ?? undefined,
      }),
    );
  },
);
