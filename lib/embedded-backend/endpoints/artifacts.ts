import { artifactBytes } from '../artifacts';
import { endpoint } from './shared/handler';
import { badRequest, isUuid, notFound } from './shared/http';
import type { AuthedContext, Route } from './types';

/**
 * GET /artifacts/download/{id} (backend-contract §2.1, RBAC artifact:read — admin by default): the artifact's bytes
 * with its content type, an attachment disposition naming its file, its size and SHA-256. Soft-deleted and expired
 * artifacts are gone (404), as is one whose content is not stored here.
 */

interface ArtifactRow {
  id: string;
  filename: string;
  content_type: string | null;
  content: string | null;
  checksum: string;
  deleted_at: Date | null;
  expired: boolean;
}

/** RFC 6266 filename parameters: an ASCII fallback and the exact name encoded (RFC 5987). */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function downloadArtifact(ctx: AuthedContext): Promise<Response> {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw badRequest('invalid artifact id: expected a UUID');
  const r = await ctx.services.db.query<ArtifactRow>(
    `SELECT id, filename, content_type, content, checksum, deleted_at, (expires_at IS NOT NULL AND expires_at <= now()) AS expired
       FROM artifacts WHERE id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row || row.deleted_at) throw notFound(`artifact ${id} not found`);
  if (row.expired) throw notFound(`artifact ${id} has expired`);
  if (row.content === null) throw notFound(`the content of artifact ${id} is not stored on this server`);
  const contentType = row.content_type || 'application/octet-stream';
  const bytes = artifactBytes(row.content, contentType);
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'content-type':
        /^text\/|json|xml|yaml|csv|markdown/i.test(contentType) && !/charset=/i.test(contentType)
          ? `${contentType}; charset=utf-8`
          : contentType,
      'content-length': String(bytes.length),
      'content-disposition': contentDisposition(row.filename),
      // Artifacts come from runs, not from us: never let a browser sniff or render them as a page of this origin.
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      digest: `sha-256=${Buffer.from(row.checksum, 'hex').toString('base64')}`,
    },
  });
}

export const artifactRoutes: Route[] = [
  {
    method: 'GET',
    path: '/artifacts/download/:id',
    permission: { object: 'artifact', action: 'read' },
    handle: endpoint(downloadArtifact),
  },
];
