/**
 * The one glob matcher of the console and the embedded backend: `*` matches any run of characters, everything else
 * itself, case-insensitively. It never builds a regular expression: a glob turned into `^.*.*.*x$` backtracks
 * (issue 31: ten patterns of 18 stars held the event loop for 21 s). Runs of `*` collapse into one, and the literal
 * parts between stars are found leftmost-first with indexOf, which is correct for `*`-only globs (a leftmost match of
 * a part never rules out a later one) and costs one scan of the value per part.
 */

/** Bounds of caller-supplied globs (query filters, selectors in specs): beyond them a request is refused with 400. */
export const GLOB_LIMITS = {
  /** Most characters in one pattern. */
  length: 256,
  /** Most patterns in one list (a csv filter, a selector's types). */
  patterns: 50,
} as const;

/** A glob split into its literal parts (`a*b**c` → ['a', 'b', 'c']), lower-cased once. */
export interface CompiledGlob {
  parts: string[];
  /** No star at all: the value must equal the only part. */
  exact: boolean;
}

export function compileGlob(pattern: string): CompiledGlob {
  const lower = pattern.toLowerCase();
  // Splitting on runs of stars collapses them: `a***b` has the same parts as `a*b`.
  return { parts: lower.split(/\*+/), exact: !lower.includes('*') };
}

/** Whether value matches the compiled glob; at most one indexOf scan per literal part. */
export function matchCompiledGlob(glob: CompiledGlob, value: string): boolean {
  const text = value.toLowerCase();
  const { parts } = glob;
  if (glob.exact) return text === parts[0];
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (text.length < first.length + last.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    if (part === '') continue;
    const found = text.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

/** Glob matching with `*` (case-insensitive), as resource selectors, filters and search terms use it. */
export function globMatch(pattern: string, value: string): boolean {
  if (pattern === '*' || pattern === '') return true;
  return matchCompiledGlob(compileGlob(pattern), value);
}

/**
 * Why a list of caller-supplied globs is refused (too many, or one too long), or null when it is within GLOB_LIMITS.
 * `what` names the list in the message (`type`, `configs[0].name`).
 */
export function globListProblem(what: string, patterns: readonly string[]): string | null {
  if (patterns.length > GLOB_LIMITS.patterns) return `${what}: at most ${GLOB_LIMITS.patterns} patterns`;
  const long = patterns.find((p) => p.length > GLOB_LIMITS.length);
  if (long !== undefined) return `${what}: a pattern may have at most ${GLOB_LIMITS.length} characters`;
  return null;
}
