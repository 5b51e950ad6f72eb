import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';

/** POST /notification/silence (backend-contract §2.9); editing and deleting silences is plain /db. */

export interface SilenceRequest {
  name: string;
  description?: string;
  from?: string;
  until?: string;
  recursive?: boolean;
  filter?: string;
  selectors?: unknown[];
  config_id?: string;
  canary_id?: string;
  component_id?: string;
  check_id?: string;
}

/** 200 with an empty body. */
export function createSilenceEndpoint(body: SilenceRequest): Endpoint<unknown> {
  return { method: 'POST', path: '/notification/silence', body, schema: z.unknown() };
}
