/** One step of a date-math expression after 'now': '+15m', '-1d' or a rounding '/d'. */
export const DATE_MATH_TOKEN = /([+-])(\d+)([smhdwMy])|\/([smhdwMy])/g;

/**
 * True when `expr` is a date-math expression starting with 'now' (e.g. now-1d/d, now+15m). Its own module, without
 * date-fns: screens read and validate the URL's range on first paint and evaluate it only later (date-math.ts).
 */
export function isDateMath(expr: string): boolean {
  if (!expr.startsWith('now')) return false;
  const rest = expr.slice(3);
  return rest.replace(DATE_MATH_TOKEN, '') === '';
}
