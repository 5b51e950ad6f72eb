import 'server-only';
import { auth, clerkClient } from '@clerk/nextjs/server';
import { loadIdentity, type Identity } from '@/lib/auth/identity';
import { BackendError } from '@/lib/backend/errors';
import { httpTransport, type Transport } from '@/lib/backend/transport';
import { log } from '@/lib/telemetry/probes';

/**
 * Clerk mode: one backend per organization, its address in the organization's public metadata (`backend_url`),
 * and `direct` deciding whether the browser may call it with a bearer token or everything goes through the proxy.
 */

/** Spec 000 §5: a boolean, or the text 'true'/'false' (any case); absent means false; anything else is refused. */
export function parseDirectFlag(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === 'true';
  throw new Error('Invalid boolean value');
}

/** The Clerk auth state the resolution needs: from auth() on the server or the middleware's auth callback. */
export interface ClerkAuthState {
  userId: string | null;
  orgId?: string | null;
  getToken: (options?: { template?: string }) => Promise<string | null>;
}

export type OrganizationBackend =
  | { state: 'signed-out' }
  | { state: 'no-organization' }
  | { state: 'provisioning'; orgId: string }
  | { state: 'error'; orgId?: string; message: string }
  | {
      state: 'ready';
      orgId: string;
      /** The organization's backend; server-side only, never sent to the browser by the console. */
      baseUrl: string;
      direct: boolean;
      /** Bearer for the backend: the 'Backend' JWT template when direct, the session token otherwise. */
      getToken: () => Promise<string | null>;
    };

interface OrganizationMetadata {
  backend_url?: unknown;
  direct?: unknown;
}

/** Organization metadata is read from Clerk's API, so it is kept briefly per organization. */
const METADATA_TTL_MS = 60_000;
const metadataCache = new Map<string, { at: number; metadata: OrganizationMetadata }>();

async function organizationMetadata(orgId: string): Promise<OrganizationMetadata> {
  const hit = metadataCache.get(orgId);
  if (hit && Date.now() - hit.at < METADATA_TTL_MS) return hit.metadata;
  const client = await clerkClient();
  const organization = await client.organizations.getOrganization({ organizationId: orgId });
  const metadata = (organization.publicMetadata ?? {}) as OrganizationMetadata;
  metadataCache.set(orgId, { at: Date.now(), metadata });
  return metadata;
}

/** Drops what the server keeps for an organization (after a switch, so a changed backend address is seen). */
export function forgetOrganization(orgId?: string | null): void {
  if (orgId) metadataCache.delete(orgId);
  else metadataCache.clear();
}

function backendUrlOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? url.toString().replace(/\/+$/, '')
      : undefined;
  } catch {
    return undefined;
  }
}

/** Where the current organization's backend is, for the /api proxy and the session (spec 000 §4 "Hosted mode"). */
export async function resolveOrganizationBackend(state?: ClerkAuthState): Promise<OrganizationBackend> {
  const a: ClerkAuthState = state ?? ((await auth()) as unknown as ClerkAuthState);
  if (!a.userId) return { state: 'signed-out' };
  const orgId = a.orgId;
  if (!orgId) return { state: 'no-organization' };
  let metadata: OrganizationMetadata;
  try {
    metadata = await organizationMetadata(orgId);
  } catch (error) {
    log.error('[auth] clerk organization could not be read', { err: error });
    return { state: 'error', orgId, message: 'The organization could not be loaded. Please try again.' };
  }
  let direct: boolean;
  try {
    direct = parseDirectFlag(metadata.direct);
  } catch (error) {
    return {
      state: 'error',
      orgId,
      message: error instanceof Error ? error.message : 'Invalid boolean value',
    };
  }
  const baseUrl = backendUrlOf(metadata.backend_url);
  if (!baseUrl) return { state: 'provisioning', orgId };
  return {
    state: 'ready',
    orgId,
    baseUrl,
    direct,
    getToken: direct ? () => backendTemplateToken(a, orgId) : () => a.getToken(),
  };
}

/** The organization a Clerk JWT names (`org_id`, or `o.id` of the compact claims); read only, Clerk signed it. */
function tokenOrganization(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      org_id?: unknown;
      o?: { id?: unknown };
    };
    const id = payload.org_id ?? payload.o?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Clerk mints the `Backend` template for the session's active organization at that moment, which a switch may
 * already have changed for a request still carrying the previous session token: a token of another organization
 * must never reach this organization's backend (found by the hosted-mode e2e, issue 24).
 */
async function backendTemplateToken(a: ClerkAuthState, orgId: string): Promise<string | null> {
  const token = await a.getToken({ template: 'Backend' });
  if (!token) return token;
  const named = tokenOrganization(token);
  if (named === orgId) return token;
  throw new BackendError({
    status: 409,
    code: 'organization-mismatch',
    message: named
      ? 'The active organization changed. Please reload the page.'
      : "The Clerk JWT template 'Backend' must carry the organization (org_id).",
  });
}

export type OrganizationIdentity =
  | { state: 'ready'; identity: Identity }
  | { state: 'provisioning' }
  | { state: 'error'; status: number; message: string };

/** whoami on the organization's backend: 5xx or 404 means the instance is still being provisioned. */
export async function loadOrganizationIdentity(
  backend: Extract<OrganizationBackend, { state: 'ready' }>,
  transportFor: (baseUrl: string) => Transport = (url) => httpTransport(url),
): Promise<OrganizationIdentity> {
  try {
    const token = (await backend.getToken()) ?? undefined;
    return { state: 'ready', identity: await loadIdentity(transportFor(backend.baseUrl), token) };
  } catch (error) {
    const status = error instanceof BackendError ? error.status : 500;
    if (status >= 500 || status === 404) return { state: 'provisioning' };
    return { state: 'error', status, message: error instanceof Error ? error.message : 'An error occurred' };
  }
}

export const PROVISIONING_MESSAGE = 'Please wait, instance provisioning in-progress ...';
