import { getBackend } from '@/lib/backend/client';
import { BackendError } from '@/lib/backend/errors';
import { requireRouteAccess } from '@/lib/auth/server';
import { STATUS_PAGE_CSP, renderMessagePage, renderStatusPage } from '@/lib/status-page/render-html';

/**
 * /settings/status-page/{id}/preview (admin, behind the console's sign-in and gate): the page exactly as the public
 * will see it, published or not, computed now (no cache), under a banner saying it is a preview.
 */
export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function html(body: string, status: number): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': STATUS_PAGE_CSP,
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
    },
  });
}

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  await requireRouteAccess('/settings/status-page/[id]/preview');
  const { id } = await params;
  if (!UUID.test(id))
    return html(renderMessagePage('Status page not found', 'No status page has this id.'), 404);
  const { previewStatusPageEndpoint } = await import('@/lib/status-page/endpoints');
  try {
    const page = await (await getBackend()).request(previewStatusPageEndpoint(id));
    return html(
      renderStatusPage(page, { banner: 'Preview: this is how the public will see the page now.' }),
      200,
    );
  } catch (error) {
    const status = error instanceof BackendError ? error.status : 500;
    const message = error instanceof BackendError ? error.message : 'The preview could not be made.';
    return html(renderMessagePage('Preview not available', message), status === 404 ? 404 : 502);
  }
}
