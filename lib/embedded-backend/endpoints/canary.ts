import { jsonResponse } from '../http-util';
import { EMBEDDED_BACKEND_STARTED_AT, EMBEDDED_BACKEND_VERSION } from '../version';
import type { Route } from './types';

/** Health-check (canary-checker) endpoints; summary, graph, topology and run-check slot in here. */
export const canaryRoutes: Route[] = [
  {
    method: 'GET',
    path: '/canary/about',
    permission: { object: 'canaries', action: 'read' },
    handle: async () => jsonResponse({ Version: EMBEDDED_BACKEND_VERSION, Timestamp: EMBEDDED_BACKEND_STARTED_AT }),
  },
];
