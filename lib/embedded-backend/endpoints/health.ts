import { jsonResponse } from '../http-util';
import type { Route } from './types';

/** Liveness only: answers without touching the database so probes never queue behind a long query. */
export const healthRoutes: Route[] = [
  { method: 'GET', path: '/health', public: true, handle: async () => jsonResponse({ status: 'ok' }) },
];
