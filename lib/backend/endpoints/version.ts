import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';

/** The backend's version (spec 000 §2, the user menu's version line): every screen's shell asks it, so it is core. */
export const versionSchema = z
  .looseObject({ Version: z.string().nullish(), Timestamp: z.string().nullish() })
  .transform((v) => ({ backend: v.Version ?? undefined, timestamp: v.Timestamp ?? undefined }));
export type BackendVersion = z.infer<typeof versionSchema>;

export function versionEndpoint(): Endpoint<BackendVersion> {
  return { path: '/canary/about', schema: versionSchema };
}
