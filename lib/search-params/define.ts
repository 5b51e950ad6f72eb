import type { Param } from './param';

export type { Param } from './param';
export * as param from './param';

/**
 * The URL contract of a screen: its query parameters declared once (key, default, parser, serializer) and used by
 * the server page (`contract.parse(await searchParams)`) and the client (`useUrlState(contract)`). Defaults are
 * left out of the URL; an unknown or malformed value falls back to the default and is logged once.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ParamSpecs = Record<string, Param<any>>;
export type ParamValues<S extends ParamSpecs> = { -readonly [K in keyof S]: S[K]['default'] };
/** Next's `searchParams` object or a URLSearchParams. */
export type SearchParamsSource =
  URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined | null>>;

export interface SearchParamsContract<S extends ParamSpecs> {
  readonly params: S;
  readonly keys: readonly (keyof S & string)[];
  readonly defaults: ParamValues<S>;
  /** The typed state of a URL; malformed values fall back to the defaults (logged once). */
  parse(source: SearchParamsSource): ParamValues<S>;
  /** URL values of the given keys: a default becomes null (the parameter is removed). */
  serialize(values: Partial<ParamValues<S>>): Partial<Record<keyof S & string, string | null>>;
  /** `?a=1&b=2` of a state, defaults left out ('' when everything is default). */
  search(values: Partial<ParamValues<S>>): string;
  /** The same contract with other defaults (a chrome-less variant of a screen, say). */
  withDefaults(defaults: Partial<ParamValues<S>>): SearchParamsContract<S>;
}

const warned = new Set<string>();

/** Logs a refused URL value once per key and value (the spec logs bad label filters and time ranges). */
function warnOnce(key: string, raw: string): void {
  const id = `${key}\u0000${raw}`;
  if (warned.has(id)) return;
  warned.add(id);
  console.warn(`[url] ignoring ${key}=${raw.slice(0, 200)}: not a valid value, using the default`);
}

function rawValue(source: SearchParamsSource, key: string): string | undefined {
  if (source instanceof URLSearchParams) return source.get(key) ?? undefined;
  const value = source[key];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

export function defineSearchParams<S extends ParamSpecs>(params: S): SearchParamsContract<S> {
  const keys = Object.keys(params) as (keyof S & string)[];
  const defaults = Object.fromEntries(keys.map((k) => [k, params[k]!.default])) as ParamValues<S>;

  const contract: SearchParamsContract<S> = {
    params,
    keys,
    defaults,
    parse(source) {
      const values = { ...defaults };
      for (const key of keys) {
        const raw = rawValue(source, key);
        if (raw === undefined || raw === '') continue;
        const parsed = params[key]!.parse(raw);
        if (parsed === undefined) warnOnce(key, raw);
        else values[key] = parsed;
      }
      return values;
    },
    serialize(values) {
      const out: Partial<Record<keyof S & string, string | null>> = {};
      for (const key of keys) {
        if (!(key in values)) continue;
        const p = params[key]!;
        const value = values[key];
        out[key] = value === undefined || p.equals(value, p.default) ? null : p.serialize(value) || null;
      }
      return out;
    },
    search(values) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(contract.serialize({ ...defaults, ...values }))) {
        if (value !== null && value !== undefined) search.set(key, value);
      }
      const text = search.toString();
      return text ? `?${text}` : '';
    },
    withDefaults(patch) {
      const next = { ...params } as Record<string, Param<unknown>>;
      for (const [key, value] of Object.entries(patch)) next[key] = params[key]!.withDefault(value);
      return defineSearchParams(next as S);
    },
  };
  return contract;
}

/**
 * The state after a patch: a change of a filter or sort (`resetsPage`) also returns the list to its first page,
 * unless the patch sets the page itself.
 */
export function applyPatch<S extends ParamSpecs>(
  contract: SearchParamsContract<S>,
  current: ParamValues<S>,
  patch: Partial<ParamValues<S>>,
): { values: ParamValues<S>; changed: (keyof S & string)[] } {
  const values = { ...current, ...patch };
  const changed = contract.keys.filter(
    (k) => k in patch && !contract.params[k]!.equals(current[k], values[k]),
  );
  const pageKey = contract.keys.find((k) => contract.params[k]!.isPageIndex);
  if (pageKey && !(pageKey in patch) && changed.some((k) => contract.params[k]!.resetsPage)) {
    const reset = contract.params[pageKey]!.default;
    if (!contract.params[pageKey]!.equals(values[pageKey], reset)) {
      values[pageKey] = reset;
      changed.push(pageKey);
    }
  }
  return { values, changed };
}
