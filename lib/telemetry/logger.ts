import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The server's structured log: one JSON object per line (time, level, msg, and the request's id, route template,
 * status and duration for request lines), or a short human-readable line in development. Secrets never reach it:
 * callers log route templates and chosen fields, and the redaction below blanks the usual secret-bearing keys
 * should an object carrying them be logged anyway.
 */

export type LogFormat = 'json' | 'pretty';

/** Keys blanked wherever they appear (top level and one level down, e.g. `headers.cookie`, `err.config.password`). */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'apiKey',
  'x-api-key',
  'proxy-authorization',
];

export const REDACT_PATHS: string[] = SECRET_KEYS.flatMap((key) => {
  const prop = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dotted = prop.startsWith('[') ? prop : `.${prop}`;
  return [prop, `*${dotted}`, `*.*${dotted}`];
});

/** One JSON log line as a developer wants to read it: `12:00:01.234 INFO  GET /catalog/[id] 200 12ms msg {rest}`. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const { time, level, msg, pid: _pid, hostname: _hostname, ...rest } = entry;
  const clock = typeof time === 'string' ? time.slice(11, 23) : new Date().toISOString().slice(11, 23);
  const name = String(level).toUpperCase().padEnd(5);
  const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  return `${clock} ${name} ${String(msg ?? '')}${extra}\n`;
}

function prettyStream(out: NodeJS.WritableStream): DestinationStream {
  return { write: (line: string) => void out.write(prettyLine(line)) };
}

export interface LoggerOptions {
  level: string;
  format: LogFormat;
  /** Where lines go (tests pass a collector); default stdout. */
  destination?: DestinationStream;
}

export function createLogger({ level, format, destination }: LoggerOptions): Logger {
  const target = destination ?? (format === 'pretty' ? prettyStream(process.stdout) : pino.destination(1));
  const stream = format === 'pretty' && destination ? prettyStream(asWritable(destination)) : target;
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
      // Level names rather than numbers: log stores and people filter on `level="error"`.
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}

function asWritable(destination: DestinationStream): NodeJS.WritableStream {
  return { write: (chunk: string) => (destination.write(chunk), true) } as unknown as NodeJS.WritableStream;
}
