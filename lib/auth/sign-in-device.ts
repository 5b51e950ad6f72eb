import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Devices that signed in before (issue 31 item 10). Five wrong passwords lock an account for everyone, so anyone
 * who knows a user name could keep its owner out with one request per wait. As large identity providers do, a
 * client that signed in to an account before passes that account's lock (never the per-address one): a successful
 * sign-in leaves a device proof in an httpOnly cookie, and the next sign-in to the same account presents it to the
 * console's backoff and, as a hint in `x-sign-in-device`, to the backend's, which verifies it on its own.
 *
 * A proof is `v1.<payload>.<mac>`: the account as typed (lower-cased), the person it signed in as and when, with an
 * HMAC-SHA256 under the server secret (AUTH_SECRET, which the embedded backend shares). A client cannot forge one,
 * nor move one to another account: the console trusts a proof only for the account it names, the backend only for
 * the person it names. No imports beyond node:crypto: the embedded backend verifies the same proofs.
 */

export const DEVICE_COOKIE = 'console.device';
/** The header in which the console passes the proof to the backend's POST /auth/login. */
export const DEVICE_HEADER = 'x-sign-in-device';
/** How long a device stays known after its last sign-in. */
export const DEVICE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** Accounts one device remembers (a shared kiosk signs in to a few). */
const MAX_PROOFS = 5;
const MAX_COOKIE_LENGTH = 3000;

export interface DeviceProof {
  /** The user name as typed at sign-in, trimmed and lower-cased (the console's throttle key). */
  account: string;
  /** The backend person it signed in as. */
  personId: string;
  /** Epoch ms of the sign-in. */
  issuedAt: number;
}

const normalAccount = (account: string) => account.trim().toLowerCase();

function mac(payload: string, secret: string): Buffer {
  // Domain-separated from every other HMAC under the same secret (backend tokens, sealed cookies).
  return createHmac('sha256', secret).update(`ops-console.sign-in-device.v1\n${payload}`).digest();
}

export function signDeviceProof(
  proof: { account: string; personId: string; issuedAt?: number },
  secret: string,
): string {
  const payload = Buffer.from(
    JSON.stringify({ a: normalAccount(proof.account), p: proof.personId, t: proof.issuedAt ?? Date.now() }),
  ).toString('base64url');
  return `v1.${payload}.${mac(payload, secret).toString('base64url')}`;
}

export function verifyDeviceProof(raw: unknown, secret: string, now = Date.now()): DeviceProof | null {
  if (typeof raw !== 'string' || raw.length > 600) return null;
  const [version, payload, signature, ...rest] = raw.split('.');
  if (version !== 'v1' || !payload || !signature || rest.length > 0) return null;
  const expected = mac(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      a?: unknown;
      p?: unknown;
      t?: unknown;
    };
    if (typeof body.a !== 'string' || typeof body.p !== 'string' || typeof body.t !== 'number') return null;
    if (body.t > now + 60_000 || now - body.t > DEVICE_MAX_AGE_SECONDS * 1000) return null;
    return { account: body.a, personId: body.p, issuedAt: body.t };
  } catch {
    return null;
  }
}

/** The cookie's proofs, newest first (unverified: each is checked where it is used). */
function proofsOf(cookie: string | undefined): string[] {
  if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return [];
  return cookie.split('~').filter(Boolean).slice(0, MAX_PROOFS);
}

/** The verified proof of this device for the account typed, if it signed in to it before. */
export function deviceProofFor(
  cookie: string | undefined,
  account: string,
  secret: string,
  now = Date.now(),
): string | undefined {
  const wanted = normalAccount(account);
  return proofsOf(cookie).find((raw) => verifyDeviceProof(raw, secret, now)?.account === wanted);
}

/** The cookie after a sign-in to `account`: its new proof first, the same account's older one and the oldest dropped. */
export function rememberDevice(
  cookie: string | undefined,
  signedIn: { account: string; personId: string; issuedAt?: number },
  secret: string,
  now = Date.now(),
): string {
  const account = normalAccount(signedIn.account);
  const others = proofsOf(cookie).filter((raw) => {
    const proof = verifyDeviceProof(raw, secret, now);
    return proof !== null && proof.account !== account;
  });
  return [signDeviceProof({ ...signedIn, issuedAt: signedIn.issuedAt ?? now }, secret), ...others]
    .slice(0, MAX_PROOFS)
    .join('~');
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
