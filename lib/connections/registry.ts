import { CONNECTION_TYPES } from '@/lib/connections/definitions';
import type { ConnectionTypeDef } from '@/lib/connections/types';

const BY_VALUE = new Map(CONNECTION_TYPES.map((def) => [def.value, def]));

/** The definition of a stored `type`, or undefined for a type the console does not know (edited as YAML). */
export function connectionTypeOf(type: string | null | undefined): ConnectionTypeDef | undefined {
  return type ? BY_VALUE.get(type) : undefined;
}

/** The types offered when adding a connection: all but the hidden ones (jmeter), sorted by title. */
export function pickerConnectionTypes(): ConnectionTypeDef[] {
  return CONNECTION_TYPES.filter((def) => !def.hidden).sort((a, b) =>
    a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }),
  );
}
