import { readFileSync } from 'node:fs';

/** A JSON file of scripts/ (the budgets and the overage ratchet), parsed. */
export function readScriptsJson<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../${name}`, import.meta.url), 'utf8')) as T;
}

/** The routes' first-load budgets in kB (scripts/first-load-budgets.json): npm run bench's, read by every bench. */
export const FIRST_LOAD_BUDGETS_KB = readScriptsJson<Record<string, number>>('first-load-budgets.json');
