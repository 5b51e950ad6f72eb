import { encodeQueryValue } from '@/lib/backend/postgrest-query';

/** Backend paths used by browser-only widgets that must not pull the zod schemas into the first load. */

/** The snapshot download of the card menu, through the same-origin proxy. */
export function snapshotPath(
  componentId: string,
  options: { start?: string; related?: boolean } = {},
): string {
  const query = [
    `start=${encodeQueryValue(options.start ?? '15m')}`,
    `related=${String(options.related ?? true)}`,
  ];
  return `/snapshot/topology/${encodeURIComponent(componentId)}?${query.join('&')}`;
}
