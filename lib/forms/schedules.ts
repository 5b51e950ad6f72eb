import { z } from 'zod';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';

/** Schedules offered in forms (spec 001 §9), in order; any other valid schedule may be typed. */
export const SCHEDULE_OPTIONS = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

/** Go-style durations ('30s', '1m30s', '6h', '1.5h'), as the backend's `@every` and interval fields take them. */
const DURATION = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/;
const DESCRIPTORS = new Set([
  '@yearly',
  '@annually',
  '@monthly',
  '@weekly',
  '@daily',
  '@midnight',
  '@hourly',
]);
const CRON_FIELD =
  /^(?:\*|\?|[\dA-Za-z]+(?:-[\dA-Za-z]+)?(?:,[\dA-Za-z]+(?:-[\dA-Za-z]+)?)*|\*?\/\d+|[\dA-Za-z]+(?:-[\dA-Za-z]+)?\/\d+|L|\d+[LW#]\d*)$/;

export function isDuration(text: string): boolean {
  return DURATION.test(text.trim());
}

/** A cron descriptor, '@every <duration>', or a 5- or 6-field cron expression. */
export function isSchedule(text: string): boolean {
  const value = text.trim();
  if (DESCRIPTORS.has(value)) return true;
  const every = /^@every\s+(\S+)$/.exec(value);
  if (every) return isDuration(every[1] ?? '');
  const fields = value.split(/\s+/);
  return (fields.length === 5 || fields.length === 6) && fields.every((f) => CRON_FIELD.test(f));
}

export const SCHEDULE_MESSAGE = 'Enter a schedule such as @every 5m, @daily or a cron expression';
export const DURATION_MESSAGE = 'Enter a duration such as 30s, 5m or 1h';

function patternText(test: (text: string) => boolean, message: string, required: boolean) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        if (required) ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
        return;
      }
      if (!test(value)) ctx.addIssue({ code: 'custom', message });
    });
}

export function scheduleText({ required = false }: { required?: boolean } = {}) {
  return patternText(isSchedule, SCHEDULE_MESSAGE, required);
}

export function durationText({ required = false }: { required?: boolean } = {}) {
  return patternText(isDuration, DURATION_MESSAGE, required);
}
