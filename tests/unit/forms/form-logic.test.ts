import type { z } from 'zod';
import { BackendError } from '@/lib/backend/errors';
import { codeText, parseCode, stringifyCode } from '@/lib/forms/code-value';
import { NUMBER_MESSAGE, REQUIRED_MESSAGE, successMessages } from '@/lib/forms/messages';
import {
  dateTimeText,
  integerText,
  keyValueMap,
  requiredText,
  secretField,
  toKeyValuePairs,
} from '@/lib/forms/schema';
import { durationText, isDuration, isSchedule, SCHEDULE_OPTIONS, scheduleText } from '@/lib/forms/schedules';
import {
  decodeSecret,
  encodeSecret,
  isMaskedSecret,
  SECRET_MASK,
  secretIsSet,
} from '@/lib/forms/secret-value';
import { fieldErrorsFromBackend } from '@/lib/forms/server-errors';

const issues = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('form rules (spec 001 §5)', () => {
  it("says 'This field is required' for blank required text and trims the output", () => {
    expect(issues(requiredText(), '   ')).toEqual([{ path: '', message: REQUIRED_MESSAGE }]);
    expect(requiredText().parse('  a ')).toBe('a');
  });

  it("parses integers and says 'This field must be a number' otherwise", () => {
    const optional = integerText();
    expect(optional.parse('42')).toBe(42);
    expect(optional.parse(' -7 ')).toBe(-7);
    expect(optional.parse('')).toBeUndefined();
    expect(optional.parse(3)).toBe(3);
    for (const bad of ['4.5', 'abc', '1e3', '12px'])
      expect(issues(optional, bad)).toEqual([{ path: '', message: NUMBER_MESSAGE }]);
    expect(issues(integerText({ required: true }), '')).toEqual([{ path: '', message: REQUIRED_MESSAGE }]);
    expect(issues(integerText({ min: 1, max: 65535 }), '0')[0]?.message).toBe('Must be at least 1');
    expect(issues(integerText({ min: 1, max: 65535 }), '70000')[0]?.message).toBe('Must be at most 65535');
  });

  it('turns key/value rows into a map, dropping blank rows and refusing duplicate or missing keys', () => {
    const schema = keyValueMap();
    expect(
      schema.parse([
        { key: ' team ', value: ' sre ' },
        { key: '', value: '' },
        { key: 'env', value: '' },
      ]),
    ).toEqual({ team: 'sre', env: '' });
    expect(
      issues(schema, [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ]),
    ).toEqual([{ path: '1.key', message: 'This key is already used' }]);
    expect(issues(schema, [{ key: ' ', value: 'x' }])).toEqual([
      { path: '0.key', message: REQUIRED_MESSAGE },
    ]);
    expect(toKeyValuePairs({ a: '1', b: 2, c: null })).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
      { key: 'c', value: '' },
    ]);
  });

  it('reads a datetime-local text in the given zone and passes ISO instants through', () => {
    const schema = dateTimeText({ timezone: 'Europe/Berlin' });
    expect(schema.parse('2026-03-29T03:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(schema.parse('2026-01-02T10:00:00Z')).toBe('2026-01-02T10:00:00.000Z');
    expect(schema.parse('')).toBeUndefined();
    expect(issues(dateTimeText({ required: true }), '')).toEqual([{ path: '', message: REQUIRED_MESSAGE }]);
    expect(issues(schema, '2026-02-30T10:00')[0]?.message).toBe('Enter a valid date and time');
  });

  it('offers the schedules of 001 §9 and accepts any valid schedule or duration', () => {
    expect(SCHEDULE_OPTIONS).toEqual([
      '@every 30s',
      '@every 1m',
      '@every 5m',
      '@every 30m',
      '@hourly',
      '@every 6h',
      '@daily',
      '@weekly',
    ]);
    for (const s of [
      ...SCHEDULE_OPTIONS,
      '*/5 * * * *',
      '0 0 * * 1-5',
      '0 30 9 * * MON',
      '@every 1h30m',
      '@monthly',
    ])
      expect(isSchedule(s)).toBe(true);
    for (const s of ['@every', '@every soon', 'daily', '* * *', '@every 5'])
      expect(isSchedule(s)).toBe(false);
    expect(isDuration('1h30m')).toBe(true);
    expect(isDuration('5 minutes')).toBe(false);
    expect(scheduleText().parse('')).toBe('');
    expect(issues(scheduleText({ required: true }), ' ')).toEqual([{ path: '', message: REQUIRED_MESSAGE }]);
    expect(issues(durationText(), '5x')[0]?.message).toMatch(/duration/);
  });

  it('has the success texts of 001 §8', () => {
    expect(successMessages.updated('prod-db')).toBe('prod-db updated successfully');
    expect(successMessages.deleted('prod-db')).toBe('prod-db deleted successfully');
    expect(successMessages.addedToTeam(['Ann', 'Bo'])).toBe('Ann, Bo added to the team successfully');
    expect(successMessages.permissionDeleted()).toBe('Permission deleted');
  });
});

describe('secret values (spec 001 §3.2)', () => {
  it.each([
    ['secret://db-credentials/password', { source: 'secret', name: 'db-credentials', key: 'password' }],
    ['configmap://app-config/token.txt', { source: 'configmap', name: 'app-config', key: 'token.txt' }],
    ['literal-value', { source: 'static', value: 'literal-value' }],
    ['secret://missing-key', { source: 'static', value: 'secret://missing-key' }],
    [null, { source: 'static', value: '' }],
    [SECRET_MASK, { source: 'stored' }],
    ['[REDACTED]', { source: 'stored' }],
  ])('decodes %p', (raw, value) => {
    expect(decodeSecret(raw)).toEqual(value);
  });

  it('encodes references as the backend stores them and never sends a stored value back', () => {
    expect(encodeSecret({ source: 'secret', name: ' db ', key: 'pw ' })).toBe('secret://db/pw');
    expect(encodeSecret({ source: 'configmap', name: 'cfg', key: 'token' })).toBe('configmap://cfg/token');
    expect(encodeSecret({ source: 'static', value: 'x y' })).toBe('x y');
    expect(encodeSecret({ source: 'static', value: '' })).toBeNull();
    expect(encodeSecret({ source: 'stored' })).toBeUndefined();
    for (const raw of ['secret://a/b', 'configmap://c/d.e', 'plain'])
      expect(encodeSecret(decodeSecret(raw))).toBe(raw);
  });

  it('recognises masks and tells whether a value is set', () => {
    expect(isMaskedSecret('***')).toBe(true);
    expect(isMaskedSecret('••••')).toBe(true);
    expect(isMaskedSecret('**')).toBe(false);
    expect(isMaskedSecret('pa**word')).toBe(false);
    expect(secretIsSet({ source: 'stored' })).toBe(true);
    expect(secretIsSet({ source: 'secret', name: 'a', key: '' })).toBe(false);
  });

  it('validates: required needs a value, a reference needs name and key', () => {
    expect(issues(secretField({ required: true }), { source: 'static', value: '' })).toEqual([
      { path: '', message: REQUIRED_MESSAGE },
    ]);
    expect(issues(secretField({ required: true }), { source: 'stored' })).toEqual([]);
    expect(issues(secretField(), { source: 'static', value: '' })).toEqual([]);
    expect(issues(secretField(), { source: 'secret', name: 'db', key: '' })).toEqual([
      { path: '', message: 'Enter the key in the Secret' },
    ]);
    expect(issues(secretField(), { source: 'configmap', name: '', key: 'k' })).toEqual([
      { path: '', message: 'Enter the name of the ConfigMap' },
    ]);
    expect(issues(secretField(), { source: 'configmap', name: '', key: '' })).toEqual([]);
    expect(issues(secretField({ required: true }), { source: 'configmap', name: ' ', key: '' })).toEqual([
      { path: '', message: REQUIRED_MESSAGE },
    ]);
    expect(issues(secretField(), { source: 'secret', name: 'a/b', key: 'k' })[0]?.message).toBe(
      'A name cannot contain / or spaces',
    );
  });
});

describe('code values', () => {
  it('parses YAML and JSON and locates errors by line and column', () => {
    expect(parseCode('a: 1\nb: [x]\n', 'yaml')).toEqual({ ok: true, value: { a: 1, b: ['x'] } });
    expect(parseCode('{"a": 1}', 'json')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseCode('   ', 'yaml')).toEqual({ ok: true, value: undefined });
    const yamlError = parseCode('a: 1\nb: [unclosed\n', 'yaml');
    expect(yamlError.ok).toBe(false);
    if (!yamlError.ok) expect(yamlError.error.message).toMatch(/^Invalid YAML at line \d+, column \d+: /);
    const duplicate = parseCode('a: 1\na: 2\n', 'yaml');
    expect(duplicate.ok || duplicate.error.line).toBe(2);
    const jsonError = parseCode('{\n  "a": 1,\n}', 'json');
    expect(jsonError.ok).toBe(false);
    if (!jsonError.ok) {
      expect(jsonError.error.message).toMatch(/^Invalid JSON at line 3, column 1/);
      expect(jsonError.error.line).toBe(3);
    }
  });

  it('blocks a code field on a parse error or a non-object, and outputs the parsed value', () => {
    const spec = codeText({ language: 'yaml', required: true, object: true });
    expect(spec.parse('http:\n  - url: x\n')).toEqual({ http: [{ url: 'x' }] });
    expect(issues(spec, '')).toEqual([{ path: '', message: REQUIRED_MESSAGE }]);
    expect(issues(spec, '- a\n- b')[0]?.message).toBe('The YAML must describe an object (key: value pairs)');
    expect(issues(spec, 'a: [')[0]?.message).toMatch(/^Invalid YAML/);
    expect(codeText({ language: 'json' }).parse('')).toBeUndefined();
    expect(stringifyCode({ a: 1 }, 'json')).toBe('{\n  "a": 1\n}');
    expect(stringifyCode({ a: [1] }, 'yaml')).toBe('a:\n  - 1\n');
  });
});

describe('backend errors onto fields (spec 001 §8)', () => {
  const postgrest = (status: number, body: Record<string, unknown>) =>
    new BackendError({ status, code: String(body.code), message: String(body.message), details: body });

  it('names the column of a not-null, unique or foreign-key violation', () => {
    expect(
      fieldErrorsFromBackend(
        postgrest(400, {
          code: '23502',
          message: 'null value in column "url" of relation "connections" violates not-null constraint',
          details: null,
        }),
      ),
    ).toEqual({ url: REQUIRED_MESSAGE });
    expect(
      fieldErrorsFromBackend(
        postgrest(409, {
          code: '23505',
          message: 'duplicate key value violates unique constraint',
          details: 'Key (name, namespace)=(db, default) already exists.',
        }),
      ),
    ).toEqual({
      name: 'A record with this name and namespace already exists',
      namespace: 'A record with this name and namespace already exists',
    });
    expect(
      fieldErrorsFromBackend(
        postgrest(409, {
          code: '23503',
          message: 'fk',
          details: 'Key (team_id)=(x) is not present in table "teams".',
        }),
      ),
    ).toEqual({
      team_id: 'The selected item does not exist',
    });
  });

  it('reads {field, error} and {errors} bodies, and nothing from others', () => {
    expect(
      fieldErrorsFromBackend(
        new BackendError({
          status: 400,
          code: 'x',
          message: 'm',
          details: { field: 'url', error: 'bad url' },
        }),
      ),
    ).toEqual({ url: 'bad url' });
    expect(fieldErrorsFromBackend({ body: { errors: { port: ['too big'] } } })).toEqual({ port: 'too big' });
    expect(
      fieldErrorsFromBackend(
        new BackendError({ status: 500, code: 'x', message: 'boom', details: { error: 'boom' } }),
      ),
    ).toEqual({});
    expect(fieldErrorsFromBackend(new Error('plain'))).toEqual({});
  });
});
