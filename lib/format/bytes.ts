/** Byte sizes in binary units, as the topology properties and the run page's artifacts show them. */
const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** 1536 → '1.5 KiB'; one decimal, trailing '.0' dropped. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
  return `${bytes < 0 ? '-' : ''}${rounded} ${BYTE_UNITS[unit]}`;
}
