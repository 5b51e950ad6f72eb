import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';

/**
 * The saved-views calls (issue 33; contract in lib/embedded-backend/endpoints/README.md, Saved views): the
 * backend scopes every row to the caller, so no person id is ever sent. A backend without them answers 404.
 */

export const savedViewRowSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  href: z.string(),
  pinned: z.boolean(),
  created_at: z.string(),
});
export type SavedViewRow = z.infer<typeof savedViewRowSchema>;

const viewPath = (id: string) => `/saved-views/${encodeURIComponent(id)}`;

export const savedViewsEndpoint = (): Endpoint<SavedViewRow[]> => ({
  path: '/saved-views',
  schema: z.array(savedViewRowSchema),
});

export const createSavedViewEndpoint = (body: {
  name: string;
  href: string;
  pinned?: boolean;
}): Endpoint<SavedViewRow> => ({ method: 'POST', path: '/saved-views', body, schema: savedViewRowSchema });

export const updateSavedViewEndpoint = (
  id: string,
  body: { name?: string; pinned?: boolean },
): Endpoint<SavedViewRow> => ({ method: 'PATCH', path: viewPath(id), body, schema: savedViewRowSchema });

export const deleteSavedViewEndpoint = (id: string): Endpoint<unknown> => ({
  method: 'DELETE',
  path: viewPath(id),
  schema: z.unknown(),
});
