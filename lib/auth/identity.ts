import 'server-only';
import { z } from 'zod';
import { backendErrorFromResponse, BackendError } from '@/lib/backend/errors';
import { withBearer, type Transport } from '@/lib/backend/transport';
import { backendAllowances } from '@/lib/auth/backend-access';
import { computeGrants, normalizeRoles } from '@/lib/auth/permissions';
import { DEVICE_HEADER } from '@/lib/auth/sign-in-device';
import { toFeatureProperties, type FeatureProperties } from '@/lib/feature-flags';
import type { Identity } from '@/lib/auth/identity-types';
import { log } from '@/lib/telemetry/probes';

export type { Identity };

const whoamiSchema = z.object({
  payload: z.object({
    user: z
      .object({
        id: z.string(),
        name: z.string().optional().default(''),
        email: z.string().optional(),
        avatar: z.string().optional(),
      })
      .passthrough(),
    roles: z.array(z.unknown()).optional().default([]),
    permissions: z
      .array(
        z.object({
          id: z.string().optional(),
          subject: z.string().optional(),
          object: z.string().optional(),
          action: z.string().optional(),
          deny: z.boolean().optional(),
          condition: z.string().optional(),
        }),
      )
      .optional()
      .default([]),
    // Newer backends (and the embedded one) say what the caller may do, by RBAC object.
    effective_permissions: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

const propertiesSchema = z.array(z.object({ name: z.string(), value: z.unknown() }).passthrough());

async function getJson(transport: Transport, path: string, token: string | undefined): Promise<unknown> {
  const response = await transport(path, withBearer({ headers: { accept: 'application/json' } }, token));
  if (!response.ok) throw await backendErrorFromResponse(response);
  return response.json();
}

/** Reads whoami and the feature-flag properties: everything middleware needs to gate without the backend. */
export async function loadIdentity(transport: Transport, token: string | undefined): Promise<Identity> {
  const whoami = whoamiSchema.safeParse(await getJson(transport, '/auth/whoami', token));
  if (!whoami.success) {
    throw new BackendError({
      status: 502,
      code: 'bad_whoami',
      message: 'The backend sent an unexpected whoami answer.',
    });
  }
  const { user, roles: rawRoles, permissions, effective_permissions: effective } = whoami.data.payload;
  const roles = normalizeRoles(rawRoles);
  let features: FeatureProperties = {};
  try {
    const properties = propertiesSchema.safeParse(await getJson(transport, '/properties', token));
    if (properties.success) {
      features = toFeatureProperties(
        properties.data.map((p) => ({ name: p.name, value: String(p.value ?? '') })),
      );
    }
  } catch (error) {
    // Feature flags are optional: a backend without /properties enables every feature.
    log.warn('[auth] feature flags could not be loaded', { err: error });
  }
  return {
    user: { id: user.id, name: user.name || user.email || 'User', email: user.email, avatar: user.avatar },
    roles,
    grants: {
      ...computeGrants(roles, permissions),
      backend: backendAllowances(roles, permissions, effective),
    },
    features,
  };
}

const loginSchema = z.object({
  payload: z.object({
    token: z.string().min(1),
    expires_at: z.string().optional(),
  }),
});

/** Basic mode: the backend checks the credentials and hands back a bearer token the console keeps server-side. */
export async function loginWithPassword(
  transport: Transport,
  username: string,
  password: string,
  /** A device proof (lib/auth/sign-in-device.ts) for this account: the backend's account backoff lets it through. */
  deviceProof?: string,
): Promise<{ token: string; expiresAt?: string }> {
  const response = await transport('/auth/login', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(deviceProof ? { [DEVICE_HEADER]: deviceProof } : {}),
    },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw await backendErrorFromResponse(response);
  const parsed = loginSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new BackendError({
      status: 502,
      code: 'bad_login',
      message: 'The backend sent an unexpected login answer.',
    });
  }
  return { token: parsed.data.payload.token, expiresAt: parsed.data.payload.expires_at };
}
