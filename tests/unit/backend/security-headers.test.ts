/** @jest-environment node */
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  frameAncestorsFor,
} from '@/lib/server/security-headers';

/**
 * middleware.ts cannot be imported under this jest config (next-auth and @auth/core are ESM-only and not
 * transformed), so the header set is checked here through the functions middleware calls for every response;
 * the end-to-end check on real pages and /api responses belongs to the Playwright suite.
 */

function headersFor(pathname: string, configured: string, development = false) {
  const ancestors = frameAncestorsFor(pathname, configured);
  const csp = contentSecurityPolicy({ nonce: 'bm9uY2U=', development, frameAncestors: ancestors });
  const headers = new Headers();
  applySecurityHeaders(headers, csp, ancestors.length > 0);
  return headers;
}

describe.each(['/health', '/api/db/checks', '/api/health', '/login'])(
  'security headers on %s',
  (pathname) => {
    const headers = headersFor(pathname, 'https://wall.example');

    it('carries HSTS, nosniff, a strict referrer policy and a locked-down permissions policy', () => {
      expect(headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('permissions-policy')).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      expect(headers.get('x-frame-options')).toBe('DENY');
    });

    it('has a nonce-based CSP without unsafe-eval or unsafe-inline scripts', () => {
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'(;|$)/);
      expect(csp).toContain(`object-src 'none'`);
      expect(csp).toContain(`base-uri 'self'`);
      expect(csp).toContain(`frame-ancestors 'none'`);
      expect(csp).not.toContain('unsafe-eval');
    });
  },
);

describe('/view pages', () => {
  it('may be framed by the configured origins only', () => {
    const headers = headersFor(
      '/view/health',
      'https://wall.example  http://tv.local:8080 javascript:alert(1) *',
    );
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-ancestors https:\/\/wall\.example http:\/\/tv\.local:8080(;|$)/);
    expect(headers.get('x-frame-options')).toBeNull();
  });

  it('are not framable when nothing is configured', () => {
    expect(headersFor('/view/health', '').get('content-security-policy')).toContain(`frame-ancestors 'none'`);
  });
});

it('allows unsafe-eval only in development', () => {
  expect(headersFor('/health', '', true).get('content-security-policy')).toContain(`'unsafe-eval'`);
});
