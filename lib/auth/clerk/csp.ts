/**
 * Clerk's browser library talks to the instance's Frontend API, whose host is encoded in the publishable key
 * (pk_test_/pk_live_ + base64 of "host$"); the Content-Security-Policy must allow it in Clerk mode only.
 */
export function clerkFrontendApiHost(publishableKey: string | undefined): string | undefined {
  const match = /^pk_(?:test|live)_(.+)$/.exec(publishableKey ?? '');
  if (!match?.[1]) return undefined;
  try {
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const host = decoded.replace(/\$$/, '');
    return /^[a-z0-9.-]+$/i.test(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

/** Adds Clerk's origins to a CSP built by lib/server/security-headers. */
export function withClerkSources(csp: string, publishableKey: string | undefined): string {
  const host = clerkFrontendApiHost(publishableKey);
  if (!host) return csp;
  const fapi = `https://${host}`;
  return csp
    .replace(/connect-src ([^;]*)/, `connect-src $1 ${fapi}`)
    .replace(/img-src ([^;]*)/, `img-src $1 https://img.clerk.com`)
    .concat(`; worker-src 'self' blob:; frame-src 'self' https://challenges.cloudflare.com`);
}
