import { RE2JS } from 're2js';

/**
 * Regular expressions written by callers (a silence filter's `matches()`, a playbook parameter's `regex`) run on
 * RE2JS, a port of RE2: matching time is linear in the input, whatever the pattern. JavaScript's RegExp backtracks,
 * and `"^(.|.)*!$"` in a silence preview ran for ~100 s on the server's event loop (issue 31 item 8). RE2 syntax is
 * also what the real backend (Go, CEL) accepts, so a pattern refused here (backreferences, lookaround) would be
 * refused there too. Matching is unanchored, as RegExp.test and CEL's matches() are.
 */

/** Longest pattern accepted: compiling is linear in it too, this keeps one compile cheap. */
export const MAX_REGEX_LENGTH = 1024;

export class RegexRefused extends Error {}

const cache = new Map<string, RE2JS | RegexRefused>();
const CACHE_SIZE = 500;

function compile(pattern: string): RE2JS | RegexRefused {
  let compiled = cache.get(pattern);
  if (compiled) return compiled;
  if (pattern.length > MAX_REGEX_LENGTH) {
    compiled = new RegexRefused(`regular expression longer than ${MAX_REGEX_LENGTH} characters`);
  } else {
    try {
      compiled = RE2JS.compile(pattern);
    } catch (error) {
      // RE2's messages name the construct (`invalid or unsupported Perl syntax: \`(?=\``) and never echo other input.
      const reason =
        error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : 'invalid pattern';
      compiled = new RegexRefused(`invalid regular expression (RE2 syntax): ${reason}`);
    }
  }
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/** Why a pattern is refused (unsupported or invalid RE2 syntax, too long), or null when it compiles. */
export function regexProblem(pattern: string): string | null {
  const compiled = compile(pattern);
  return compiled instanceof RegexRefused ? compiled.message : null;
}

/** Whether text contains a match of pattern, in linear time; throws RegexRefused for a pattern regexProblem names. */
export function regexTest(pattern: string, text: string): boolean {
  const compiled = compile(pattern);
  if (compiled instanceof RegexRefused) throw compiled;
  return compiled.test(text);
}
