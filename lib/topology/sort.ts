import type { TopologyComponent } from '@/lib/topology/endpoints';
import { sortProperty, type TopologySortOrder } from '@/lib/topology/search';

/** Severity rank of a status for sorting: the worse, the higher, so 'desc' puts problems first. */
export function statusRank(status: string | null | undefined): number {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'unhealthy':
    case 'degraded':
    case 'missing':
    case 'bad':
      return 4;
    case 'warning':
    case 'mixed':
      return 3;
    case 'unknown':
    case 'suspended':
    case '':
      return 2;
    case 'info':
      return 1;
    default:
      return 0;
  }
}

function propertyValue(c: TopologyComponent, name: string): number | string | undefined {
  const property = c.properties?.find((p) => p.name === name);
  if (!property) return undefined;
  if (typeof property.value === 'number') return property.value;
  if (
    typeof property.value === 'string' &&
    property.value.trim() !== '' &&
    Number.isFinite(Number(property.value))
  ) {
    return Number(property.value);
  }
  return property.text ?? (typeof property.value === 'string' ? property.value : undefined);
}

function keyOf(c: TopologyComponent, sortBy: string): number | string | undefined {
  switch (sortBy) {
    case 'status':
      return statusRank(c.status);
    case 'name':
      return (c.title || c.name).toLowerCase();
    case 'type':
      return (c.type ?? '').toLowerCase();
    case 'updated_at': {
      const t = c.updated_at ? Date.parse(c.updated_at) : NaN;
      return Number.isFinite(t) ? t : undefined;
    }
    default: {
      const property = sortProperty(sortBy);
      return property ? propertyValue(c, property) : undefined;
    }
  }
}

function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/**
 * Sorts cards by a standard key or a property name. Components without the key always go last, and ties keep
 * a stable name order, so the grid does not reshuffle between renders.
 */
export function sortComponents(
  components: readonly TopologyComponent[],
  sortBy: string,
  sortOrder: TopologySortOrder,
): TopologyComponent[] {
  const direction = sortOrder === 'asc' ? 1 : -1;
  const byName = (a: TopologyComponent, b: TopologyComponent) =>
    (a.title || a.name).localeCompare(b.title || b.name) || a.id.localeCompare(b.id);
  return [...components].sort((a, b) => {
    const ka = keyOf(a, sortBy);
    const kb = keyOf(b, sortBy);
    if (ka === undefined && kb === undefined) return byName(a, b);
    if (ka === undefined) return 1;
    if (kb === undefined) return -1;
    return compareKeys(ka, kb) * direction || byName(a, b);
  });
}
