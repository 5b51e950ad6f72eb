/** Small formatters of the catalog's cells. */

/** A cost in dollars: '$0.12', '$1.2k'; empty for none or zero. */
export function formatCost(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return '';
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `$${(value / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `$${(value / 1_000).toFixed(1)}k`;
  if (abs >= 1) return `$${value.toFixed(2)}`;
  return `$${value.toPrecision(2)}`;
}

/** The class of a type (`Kubernetes::Pod` → `Kubernetes`, `AWS::EC2::Instance` → `AWS`). */
export function typeClass(type: string | null | undefined): string {
  if (!type) return 'Other';
  const at = type.indexOf('::');
  return at === -1 ? type : type.slice(0, at);
}

/** The sum of a count map (`{security: 2, cost: 1}` → 3). */
export function countOf(map: Readonly<Record<string, number | null | undefined>> | null | undefined): number {
  if (!map) return 0;
  return Object.values(map).reduce<number>((n, v) => n + (typeof v === 'number' ? v : 0), 0);
}
