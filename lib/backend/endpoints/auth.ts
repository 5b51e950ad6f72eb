import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';

/** Session-wide reads: server properties (feature flags and settings), backend-contract §2.1. */

export const propertySchema = z.looseObject({
  name: z.string(),
  value: z.string().nullish(),
  source: z.string().nullish(),
  type: z.string().nullish(),
  description: z.string().nullish(),
});
export type Property = z.infer<typeof propertySchema>;

export function propertiesEndpoint(): Endpoint<Property[]> {
  return { path: '/properties', schema: z.array(propertySchema) };
}
