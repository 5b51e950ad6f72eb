import {
  DB_TABLE_AREAS,
  DB_UNEXPOSED_TABLES,
  DB_WRITE_ONLY_AREAS,
  NATIVE_API_GATES,
  STANDALONE_PATHS,
} from '@/lib/backend/api-gates';

/**
 * Spellings of one backend path for the encoding fuzz (issue 13 §2): the ones that must be gated exactly like
 * the canonical path, and the ones that must be refused with 400 because a second decoding, a dot segment, a
 * control character or invalid UTF-8 could make them mean something else to the next parser.
 */

function hex(char: string, lower: boolean): string {
  return Array.from(new TextEncoder().encode(char), (b) => {
    const h = b.toString(16).padStart(2, '0');
    return `%${lower ? h : h.toUpperCase()}`;
  }).join('');
}

/**
 * Encodes the characters of `path` at the given indexes, never the '/' separators nor '.' (an encoded dot is
 * refused whatever it spells: it is how dot segments are smuggled).
 */
function encodeAt(path: string, pick: (index: number) => boolean, lower: (index: number) => boolean): string {
  return [...path].map((c, i) => (c !== '/' && c !== '.' && pick(i) ? hex(c, lower(i)) : c)).join('');
}

/** Same meaning as the canonical path: each character encoded alone (both hex cases), all of them, mixed case. */
export function equivalentSpellings(path: string): string[] {
  const out = new Set<string>();
  [...path].forEach((c, i) => {
    if (c === '/' || c === '.') return;
    out.add(
      encodeAt(
        path,
        (j) => j === i,
        () => false,
      ),
    );
    out.add(
      encodeAt(
        path,
        (j) => j === i,
        () => true,
      ),
    );
  });
  out.add(
    encodeAt(
      path,
      (i) => i > 0,
      (i) => i % 2 === 0,
    ),
  );
  out.add(
    encodeAt(
      path,
      (i) => i % 3 === 1,
      (i) => i % 2 === 1,
    ),
  );
  out.delete(path);
  return [...out];
}

/** Spellings that must be refused (400): double encoding, dot segments, encoded separators, controls, bad UTF-8. */
export function refusedSpellings(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const last = segments.length - 1;
  const name = segments[last] ?? '';
  const parent = `/${segments.slice(0, last).join('/')}`;
  const firstIndex = path.lastIndexOf('/') + 1;
  const first = path[firstIndex] ?? 'x';
  const withFirst = (replacement: string) =>
    `${path.slice(0, firstIndex)}${replacement}${path.slice(firstIndex + 1)}`;
  return [
    withFirst(`%25${hex(first, false).slice(1)}`), // double encoding: %2565 → %65 → e
    withFirst(`%25${hex(first, true).slice(1)}`),
    withFirst(`%252${hex(first, false).slice(2)}`), // a literal '%' then hex
    `${parent}/x/../${name}`,
    `${parent}/./${name}`,
    `${parent}/%2e/${name}`,
    `${parent}/%2E%2E/x/${name}`,
    `${parent}/.%2e/${name}`,
    `${parent}/%2e./${name}`,
    `${path}/..`,
    `${parent}%2f${name}`,
    `${parent}%2F${name}`,
    `${parent}/${name}%5c`,
    `${parent}/${name}%ff`, // a stray continuation-less byte
    `${parent}/%c0%af${name}`, // overlong '/'
    `${parent}/${name}%e2%82`, // truncated sequence
    `${parent}/${name}%ed%a0%80`, // a UTF-16 surrogate
    `${parent}/${name}%fe%ff`,
    `${parent}/${name}%00`,
    `${parent}/${name}%0d%0aX:%20y`,
    `${parent}/${name}%c2%85`, // C1 control (NEL)
    `${parent}/${name}%7f`,
    `${parent}/${name}%2`,
    `${parent}/${name}%zz`,
    `${parent}/${name}%3f`,
    `${parent}/${name}%23`,
    ...(path.includes('.') ? [path.replace('.', '%2e')] : []),
  ];
}

/** Every gated path of the table: /db tables, views and rpc of the gate map, the unexposed ones, native examples, standalone paths. */
export function gatedPaths(): string[] {
  const db = [
    ...Object.keys(DB_TABLE_AREAS),
    ...Object.keys(DB_WRITE_ONLY_AREAS),
    ...DB_UNEXPOSED_TABLES,
  ].map((t) => `/db/${t}`);
  const native = NATIVE_API_GATES.map((g) => g.example.split('?')[0] ?? g.example);
  return [...new Set([...db, ...native, ...STANDALONE_PATHS])];
}
