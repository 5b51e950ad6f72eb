import { sameOriginPath } from '@/lib/safe-path';

/**
 * The rules of a saved view (issue 33) that the palette and the embedded backend both apply, so a view the
 * palette accepts is one the backend stores, and the other way round. Platform code: no feature imports.
 */

/** The sidebar's Saved group holds at most this many. */
export const MAX_PINNED = 10;
/** Saved views per person: a list to pick from, not an archive. */
export const MAX_VIEWS = 200;
/** A name is a label, not a document. */
export const MAX_NAME = 80;

/** Trimmed, inner whitespace collapsed, at most MAX_NAME characters ('' when nothing is left). */
export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').slice(0, MAX_NAME);
}

/**
 * A console address (path and query) exactly as the one same-origin check (lib/safe-path.ts) would return it:
 * never '//host' or '/\host', no controls or raw spaces, at most 2048 characters.
 */
export function isConsoleHref(href: unknown): href is string {
  return typeof href === 'string' && sameOriginPath(href) === href;
}
