import { PostgrestError } from './errors';

/** Datemath expressions as the `.filter` extension accepts them (`now-2d`, `now+1h`, `now/d`, `now-1d/d`, or an ISO date). */
const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  H: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

function addCalendar(date: Date, unit: string, amount: number): Date {
  const d = new Date(date.getTime());
  if (unit === 'M') d.setUTCMonth(d.getUTCMonth() + amount);
  else if (unit === 'y') d.setUTCFullYear(d.getUTCFullYear() + amount);
  else d.setTime(d.getTime() + amount * (UNIT_MS[unit] ?? 0));
  return d;
}

function roundDown(date: Date, unit: string): Date {
  const d = new Date(date.getTime());
  switch (unit) {
    case 'y':
      return new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
    case 'M':
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    case 'w': {
      const day = (d.getUTCDay() + 6) % 7;
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
    }
    case 'd':
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    case 'h':
    case 'H':
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours()));
    case 'm':
      return new Date(Math.floor(d.getTime() / 60_000) * 60_000);
    case 's':
      return new Date(Math.floor(d.getTime() / 1000) * 1000);
    default:
      return d;
  }
}

const STEP = /^([+-])(\d{1,6})([smhHdwMy])|^\/([smhHdwMy])/;

/** Evaluates a datemath expression relative to `now`; throws a 400 on anything else. */
export function evaluateDatemath(expression: string, now: Date = new Date()): Date {
  const text = expression.trim();
  let base: Date;
  let rest: string;
  if (text.startsWith('now')) {
    base = now;
    rest = text.slice(3);
  } else {
    const [anchor, ops = ''] = text.split('||', 2) as [string, string?];
    const parsed = /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(anchor)
      ? new Date(anchor)
      : null;
    if (!parsed || Number.isNaN(parsed.getTime())) {
      throw new PostgrestError(400, 'PGRST100', `invalid datemath expression "${expression.slice(0, 64)}"`);
    }
    base = parsed;
    rest = ops;
  }
  while (rest.length > 0) {
    const m = STEP.exec(rest);
    if (!m)
      throw new PostgrestError(400, 'PGRST100', `invalid datemath expression "${expression.slice(0, 64)}"`);
    if (m[4]) base = roundDown(base, m[4]);
    else base = addCalendar(base, m[3] ?? 's', (m[1] === '-' ? -1 : 1) * Number(m[2]));
    rest = rest.slice(m[0].length);
  }
  if (Number.isNaN(base.getTime())) {
    throw new PostgrestError(400, 'PGRST100', `invalid datemath expression "${expression.slice(0, 64)}"`);
  }
  return base;
}
