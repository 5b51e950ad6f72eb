'use server';

import { z } from 'zod';
import { getBackend } from '@/lib/backend/client';
import { BackendError } from '@/lib/backend/errors';
import { invalidatePublicStatusPages } from '@/lib/status-page/public-route';

/**
 * Publish, unpublish and delete as server actions (issue 38: "unpublish at once"): the backend's answer, then this
 * process's cache of public pages is dropped, so the next visitor is answered from the backend. Another console
 * instance keeps its copy at most its 30-second freshness longer. The backend checks the caller's role.
 */

export type ActionResult = { ok: true } | { ok: false; error: string };

const isId = z.uuid();

const messageOf = (error: unknown) =>
  error instanceof BackendError ? error.message : 'The status page could not be changed. Please try again.';

export async function setStatusPagePublishedAction(id: string, published: boolean): Promise<ActionResult> {
  if (!isId.safeParse(id).success) return { ok: false, error: 'Invalid status page id' };
  try {
    const { publishStatusPageEndpoint } = await import('@/lib/status-page/endpoints');
    await (await getBackend()).request(publishStatusPageEndpoint(id, published === true));
    return { ok: true };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  } finally {
    invalidatePublicStatusPages();
  }
}

export async function deleteStatusPageAction(id: string): Promise<ActionResult> {
  if (!isId.safeParse(id).success) return { ok: false, error: 'Invalid status page id' };
  try {
    const { deleteStatusPageEndpoint } = await import('@/lib/status-page/endpoints');
    await (await getBackend()).request(deleteStatusPageEndpoint(id));
    return { ok: true };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  } finally {
    invalidatePublicStatusPages();
  }
}
