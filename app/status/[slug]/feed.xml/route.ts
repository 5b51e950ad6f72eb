import { deploymentTransport } from '@/lib/backend/backend-access';
import { getEnv } from '@/lib/env';
import { servePublicStatus } from '@/lib/status-page/public-route';

/** /status/{slug}/feed.xml: the public page's incidents as an Atom feed. */
export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return servePublicStatus(request, (await params).slug, 'atom', {
    transport: deploymentTransport(),
    mode: getEnv().AUTH_PROVIDER,
  });
}
