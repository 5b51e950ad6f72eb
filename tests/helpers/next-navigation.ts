import { useSyncExternalStore } from 'react';

/**
 * next/navigation for component tests, as Next behaves in the browser: useSearchParams follows the address bar,
 * including changes made with history.pushState/replaceState (Next keeps its router in sync with them), and the
 * router's push/replace change the address too (recorded in `routerCalls`). Use:
 *   jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

let patched = false;
function patchHistory() {
  if (patched || typeof window === 'undefined') return;
  patched = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      notify();
    };
  }
  window.addEventListener('popstate', notify);
}

function subscribe(listener: () => void) {
  patchHistory();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const search = () => window.location.search;

export const routerCalls: { method: 'push' | 'replace' | 'refresh'; url?: string }[] = [];

const router = {
  push: (url: string) => {
    routerCalls.push({ method: 'push', url });
    window.history.pushState(null, '', url);
  },
  replace: (url: string) => {
    routerCalls.push({ method: 'replace', url });
    window.history.replaceState(null, '', url);
  },
  refresh: () => void routerCalls.push({ method: 'refresh' }),
  back: () => window.history.back(),
  forward: () => window.history.forward(),
  prefetch: () => undefined,
};

export const nextNavigationMock = {
  useSearchParams: () => {
    const value = useSyncExternalStore(subscribe, search, search);
    return new URLSearchParams(value);
  },
  usePathname: () =>
    useSyncExternalStore(
      subscribe,
      () => window.location.pathname,
      () => '/',
    ),
  useRouter: () => router,
  redirect: (url: string) => {
    throw new Error(`redirect(${url})`);
  },
  notFound: () => {
    throw new Error('notFound()');
  },
};
