import { matchRoute } from '@/lib/routes';
import { backendPathTemplate, WORD } from '@/lib/telemetry/endpoint-template';

/**
 * The template of a console request, its label in metrics and log lines instead of its path: `/api/<backend template>` for the proxy, the registry's pattern for pages
 * (`/catalog/[id]`), one label each for Next's assets, and `unmatched` for anything else (404s, probes).
 */
export function routeTemplate(url: string): string {
  const end = url.search(/[?#]/);
  const pathname = end === -1 ? url : url.slice(0, end);
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    if (pathname.startsWith('/api/session/')) return '/api/session';
    return `/api${backendPathTemplate(pathname.slice('/api'.length))}`.replace(/\/$/, '');
  }
  if (pathname.startsWith('/_next/')) {
    const kind = pathname.split('/')[2] ?? '';
    return WORD.test(kind) ? `/_next/${kind}` : '/_next';
  }
  if (pathname === '/favicon.ico' || pathname === '/icon.svg' || pathname === '/robots.txt') return pathname;
  return matchRoute(pathname)?.route.pattern ?? 'unmatched';
}
