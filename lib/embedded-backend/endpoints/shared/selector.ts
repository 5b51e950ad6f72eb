/** Glob matching with `*` (case-insensitive), as resource selectors and search terms use it. */
export function globMatch(pattern: string, value: string): boolean {
  if (pattern === '*' || pattern === '') return true;
  if (!pattern.includes('*')) return pattern.toLowerCase() === value.toLowerCase();
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');
  return re.test(value);
}
