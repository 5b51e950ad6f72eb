/**
 * URL parameter builders for defineSearchParams (lib/search-params/define.ts): `param.string()`,
 * `param.boolean(true)`, `param.oneOf(['a', 'b'], 'a')` … Each is its own export so that a screen's bundle carries
 * only the builders its contract uses.
 */

export interface Param<T> {
  readonly default: T;
  /** A raw URL value → the typed value, or undefined when it is malformed. */
  parse(raw: string): T | undefined;
  serialize(value: T): string;
  equals(a: T, b: T): boolean;
  /** The server page renders from it: changing it goes through the router (a server render), not in place. */
  readonly server: boolean;
  /** A filter or sort: changing it returns a paged list to its first page. */
  readonly resetsPage: boolean;
  /** This is the list's page index (reset when a `resetsPage` parameter changes). */
  readonly isPageIndex: boolean;
  withDefault(value: T): Param<T>;
  /** Mark as server-rendered (see `server`). */
  serverRendered(): Param<T>;
  /** Mark as a filter or sort (see `resetsPage`). */
  resettingPage(): Param<T>;
}

interface ParamInit<T> {
  default: T;
  parse(raw: string): T | undefined;
  serialize?(value: T): string;
  equals?(a: T, b: T): boolean;
  server?: boolean;
  resetsPage?: boolean;
  isPageIndex?: boolean;
}

function makeParam<T>(init: ParamInit<T>): Param<T> {
  const param: Param<T> = {
    default: init.default,
    parse: init.parse,
    serialize: init.serialize ?? String,
    equals: init.equals ?? Object.is,
    server: init.server ?? false,
    resetsPage: init.resetsPage ?? false,
    isPageIndex: init.isPageIndex ?? false,
    withDefault: (value) => makeParam({ ...init, default: value }),
    serverRendered: () => makeParam({ ...init, server: true }),
    resettingPage: () => makeParam({ ...init, resetsPage: true }),
  };
  return param;
}

/** Values longer than this are refused: a URL parameter is never a document. */
const MAX_VALUE_LENGTH = 2000;

/** Any text; an empty value is the default. */
export function string(fallback = '') {
  return makeParam<string>({
    default: fallback,
    parse: (raw) => (raw.length <= MAX_VALUE_LENGTH ? raw : undefined),
  });
}

/** Optional text: absent (or empty) is null. */
export function optionalString() {
  return makeParam<string | null>({
    default: null,
    parse: (raw) => (raw.trim() === '' || raw.length > MAX_VALUE_LENGTH ? undefined : raw.trim()),
    serialize: (value) => value ?? '',
  });
}

/** 'true' / 'false'. */
export function boolean(fallback: boolean) {
  return makeParam<boolean>({
    default: fallback,
    parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  });
}

/** A whole number within [min, max]. */
export function integer(
  fallback: number,
  { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = {},
) {
  return makeParam<number>({
    default: fallback,
    parse: (raw) => {
      if (!/^-?\d+$/.test(raw.trim())) return undefined;
      const n = Number(raw);
      return n >= min && n <= max ? n : undefined;
    },
  });
}

/** One of a fixed set of values. */
export function oneOf<const V extends string>(values: readonly V[], fallback: V) {
  return makeParam<V>({
    default: fallback,
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : undefined),
  });
}

/** One of a fixed set of values, or null when absent. */
export function optionalOneOf<const V extends string>(values: readonly V[]) {
  return makeParam<V | null>({
    default: null,
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : undefined),
    serialize: (value) => value ?? '',
  });
}

/** Comma-separated values (`sections=configs,checks`); none is the default. */
export function list() {
  return makeParam<readonly string[]>({
    default: [],
    parse: (raw) => (raw.length > MAX_VALUE_LENGTH ? undefined : raw.split(',').filter(Boolean)),
    serialize: (value) => value.join(','),
    equals: (a, b) => a.length === b.length && a.every((v, i) => v === b[i]),
  });
}

/** A value with its own text form (JSON maps, encoded filters); `equals` compares serialized forms by default. */
export function custom<T>(init: {
  default: T;
  parse(raw: string): T | undefined;
  serialize(value: T): string;
  equals?(a: T, b: T): boolean;
}) {
  return makeParam<T>({
    ...init,
    equals: init.equals ?? ((a, b) => init.serialize(a) === init.serialize(b)),
  });
}

/** The 0-based page of a server-paged list (`pageIndex`). */
export function pageIndex() {
  return makeParam<number>({
    default: 0,
    parse: (raw) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined),
    isPageIndex: true,
  });
}

/** The page size (`pageSize`) when one of `options`; null (absent) means the persisted size shared by all tables. */
export function pageSize(options: readonly number[]) {
  return makeParam<number | null>({
    default: null,
    parse: (raw) => (options.includes(Number(raw)) ? Number(raw) : undefined),
    serialize: (value) => (value === null ? '' : String(value)),
    resetsPage: true,
  });
}
