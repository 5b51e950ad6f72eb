import { deploymentTransport } from '@/lib/backend/backend-access';
import { getEnv } from '@/lib/env';
import { parseSlugParam, servePublicStatus } from '@/lib/status-page/public-route';

/** /status/{slug} and /status/{slug}.json: the public status page (outside the console: no middleware, no session). */
export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug, format } = parseSlugParam((await params).slug);
  return servePublicStatus(request, slug, format, {
    transport: deploymentTransport(),
    mode: getEnv().AUTH_PROVIDER,
  });
}
