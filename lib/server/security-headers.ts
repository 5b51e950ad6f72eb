import { previewRobotsTag } from '@/lib/preview';

/**
 * Security headers for every response (pages and /api). The Content-Security-Policy uses a per-request nonce
 * with 'strict-dynamic'; Next.js reads the nonce from the request's CSP header and puts it on its own scripts.
 */
export interface CspOptions {
  nonce: string;
  development: boolean;
  /** Origins allowed to frame the page; 'none' when empty. */
  frameAncestors: readonly string[];
}

export function contentSecurityPolicy({ nonce, development, frameAncestors }: CspOptions): string {
  const directives = [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? ` 'unsafe-eval'` : ''}`,
    // Radix and recharts set inline style attributes; styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    // Images come from the console itself: avatars on other hosts are shown as initials (components/shell/user-avatar).
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'${development ? ' ws: wss:' : ''}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : `'none'`}`,
  ];
  return directives.join('; ');
}

export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export function frameAncestorsFor(pathname: string, configured: string): string[] {
  if (!pathname.startsWith('/view/')) return [];
  return configured
    .split(/\s+/)
    .map((o) => o.trim())
    .filter((o) => /^https?:\/\/[^\s;,'"]+$/.test(o));
}

export function applySecurityHeaders(headers: Headers, csp: string, framable: boolean): void {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) headers.set(name, value);
  headers.set('Content-Security-Policy', csp);
  if (!framable) headers.set('X-Frame-Options', 'DENY');
  const robots = previewRobotsTag();
  if (robots) headers.set('X-Robots-Tag', robots);
}

/** /api answers are data (JSON, downloads), never a document that loads anything or may be framed. */
export const API_CONTENT_SECURITY_POLICY = `default-src 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/** Every header an /api answer carries, as name → value (the route handlers set them; no middleware runs for /api). */
export const API_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  ...STATIC_SECURITY_HEADERS,
  'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  // Answers carry user data (rows, tokens in a kubeconfig, whoami): no browser or shared cache may keep them.
  'Cache-Control': 'no-store',
};
