/** @jest-environment node */
import { GLOB_LIMITS, globListProblem, globMatch } from '@/lib/glob';

/** The regex the matcher replaced, as the reference for what a glob means (safe here: short inputs only). */
function referenceMatch(pattern: string, value: string): boolean {
  if (pattern === '*' || pattern === '') return true;
  const source = pattern
    .split('*')
    .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 'i').test(value);
}

describe('globMatch (issue 31 item 1: one linear matcher for every glob)', () => {
  it.each([
    ['Pod', 'pod', true],
    ['Pod', 'Pods', false],
    ['*', 'anything', true],
    ['', 'anything', true],
    ['Kube*', 'Kubernetes::Pod', true],
    ['*::Pod', 'Kubernetes::Pod', true],
    ['*net*', 'Kubernetes::Pod', true],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'acb', false],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    ['ab*ba', 'aba', false],
    ['a***b', 'a-b', true],
    ['*.*', 'a.b', true],
    ['[x]*', '[x]y', true],
    ['(a|b)*', 'a', false],
  ])('%s ~ %s → %s', (pattern, value, expected) => {
    expect(globMatch(pattern, value)).toBe(expected);
    expect(referenceMatch(pattern, value)).toBe(expected);
  });

  it('agrees with the regex it replaced on random short globs and values', () => {
    let seed = 31;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = (alphabet: string, max: number) =>
      Array.from(
        { length: Math.floor(random() * max) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
    for (let i = 0; i < 5000; i++) {
      const pattern = pick('ab*A.', 7);
      const value = pick('abB.', 8);
      expect([pattern, value, globMatch(pattern, value)]).toEqual([
        pattern,
        value,
        referenceMatch(pattern, value),
      ]);
    }
  });

  it('matches the hostile globs of the review in linear time (the regex took 21 s for ten of them)', () => {
    // Ten patterns of 18 stars and a literal against a long value that never matches: the backtracking regex grows
    // about ×6 per two more stars; the matcher makes one scan per literal part.
    const pattern = `${'*'.repeat(18)}x`;
    const value = 'a'.repeat(50_000);
    const patterns = Array.from({ length: 10 }, () => pattern);
    const hostile = `${'*a'.repeat(GLOB_LIMITS.length / 2 - 1)}*x`;
    const started = performance.now();
    for (const p of patterns) expect(globMatch(p, value)).toBe(false);
    expect(globMatch(hostile, value)).toBe(false);
    expect(globMatch(hostile, `${value}x`)).toBe(true);
    // Generous for a shared machine: the regex needs far longer than this for the first pattern alone.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('names a list of globs over the limits', () => {
    expect(globListProblem('type', ['Pod', '*Service'])).toBeNull();
    expect(
      globListProblem(
        'type',
        Array.from({ length: GLOB_LIMITS.patterns + 1 }, () => 'a'),
      ),
    ).toMatch(/type: at most 50 patterns/);
    expect(globListProblem('type', ['x'.repeat(GLOB_LIMITS.length + 1)])).toMatch(/at most 256 characters/);
  });
});
