import { NUMBER_MESSAGE, REQUIRED_MESSAGE } from '@/lib/forms/messages';
import { parameterKind, textFormat, type ParameterDefinition } from '@/lib/playbooks/parameter-kinds';
import {
  codeDefault,
  defaultValue,
  initialValues,
  parameterSchema,
  PARAMETER_MESSAGES,
  runParamsSchema,
} from '@/lib/playbooks/parameters';

const text = (
  properties: Record<string, unknown> = {},
  extra: Partial<ParameterDefinition> = {},
): ParameterDefinition => ({
  name: 'p',
  type: 'text',
  properties,
  ...extra,
});

/** The output (the text the run sends) or the first message. */
function check(
  p: ParameterDefinition,
  value: unknown,
): { ok: true; out: string | undefined } | { ok: false; message: string } {
  const r = parameterSchema(p).safeParse(value);
  return r.success ? { ok: true, out: r.data } : { ok: false, message: r.error.issues[0]?.message ?? '' };
}

describe('parameter kinds and formats', () => {
  it.each([
    [undefined, 'text'],
    ['', 'text'],
    ['text', 'text'],
    ['duration', 'text'],
    ['secret', 'text'],
    ['code', 'code'],
    ['checkbox', 'checkbox'],
    ['list', 'list'],
    ['team', 'team'],
    ['people', 'people'],
    ['component', 'component'],
    ['config', 'config'],
    ['configs', 'config'],
    ['check', 'check'],
  ])('type %p renders as %p', (type, kind) => {
    expect(parameterKind({ name: 'x', type })).toBe(kind);
  });

  it('reads the text format from properties, or from the backend types bytes, millicores and secret', () => {
    expect(textFormat(text({ format: 'email' }))).toBe('email');
    expect(textFormat({ name: 'x', type: 'bytes' })).toBe('bytes');
    expect(textFormat({ name: 'x', type: 'millicores' })).toBe('millicores');
    expect(textFormat({ name: 'x', type: 'secret' })).toBe('password');
    expect(textFormat(text({ format: 'nonsense' }))).toBeNull();
    expect(textFormat({ name: 'x', type: 'list', properties: { format: 'number' } })).toBeNull();
  });
});

describe('validation and parsing, by type (valid and invalid inputs)', () => {
  type Row = [string, ParameterDefinition, unknown, { out?: string; message?: string }];
  const rows: Row[] = [
    ['plain text', text(), 'hello', { out: 'hello' }],
    ['plain text keeps spaces', text(), ' a b ', { out: ' a b ' }],
    ['blank optional text', text(), '', { out: undefined }],
    ['blank required text', text({}, { required: true }), '  ', { message: REQUIRED_MESSAGE }],
    ['minLength', text({ minLength: 3 }), 'ab', { message: PARAMETER_MESSAGES.minLength(3) }],
    ['maxLength', text({ maxLength: 3 }), 'abcd', { message: PARAMETER_MESSAGES.maxLength(3) }],
    ['regex match', text({ regex: '^[a-z]+$' }), 'abc', { out: 'abc' }],
    ['regex mismatch', text({ regex: '^[a-z]+$' }), 'ab1', { message: PARAMETER_MESSAGES.regex('^[a-z]+$') }],
    ['a regex the browser cannot compile is left to the backend', text({ regex: '(?<' }), 'x', { out: 'x' }],
    ['number', text({ format: 'number' }), '42', { out: '42' }],
    ['number parsed as integer', text({ format: 'number' }), ' +7 ', { out: '7' }],
    ['number with a fraction', text({ format: 'number' }), '1.5', { message: NUMBER_MESSAGE }],
    ['not a number', text({ format: 'number' }), 'abc', { message: NUMBER_MESSAGE }],
    ['number below min', text({ format: 'number', min: 1 }), '0', { message: PARAMETER_MESSAGES.min(1) }],
    ['number above max', text({ format: 'number', max: 20 }), '21', { message: PARAMETER_MESSAGES.max(20) }],
    [
      'required number left blank',
      text({ format: 'number' }, { required: true }),
      '',
      { message: REQUIRED_MESSAGE },
    ],
    ['email', text({ format: 'email' }), 'ops@example.com', { out: 'ops@example.com' }],
    ['bad email', text({ format: 'email' }), 'ops@', { message: PARAMETER_MESSAGES.email }],
    ['url', text({ format: 'url' }), 'https://example.com/x', { out: 'https://example.com/x' }],
    ['url without scheme', text({ format: 'url' }), 'example.com', { message: PARAMETER_MESSAGES.url }],
    [
      'url of another scheme',
      text({ format: 'url' }),
      'javascript:alert(1)',
      { message: PARAMETER_MESSAGES.url },
    ],
    ['password as typed', text({ format: 'password', minLength: 4 }), ' s3cr ', { out: ' s3cr ' }],
    [
      'short password',
      text({ format: 'password', minLength: 16 }),
      'short',
      { message: PARAMETER_MESSAGES.minLength(16) },
    ],
    ['dns1123', text({ format: 'dns1123' }), 'rollback-api.v2', { out: 'rollback-api.v2' }],
    ['dns1123 upper case', text({ format: 'dns1123' }), 'Rollback', { message: PARAMETER_MESSAGES.dns1123 }],
    ['dns1123 trailing hyphen', text({ format: 'dns1123' }), 'a-', { message: PARAMETER_MESSAGES.dns1123 }],
    ['dns1123 empty label', text({ format: 'dns1123' }), 'a..b', { message: PARAMETER_MESSAGES.dns1123 }],
    ['bytes default unit', text({ format: 'bytes' }), { amount: '256', unit: 'Mi' }, { out: '256Mi' }],
    ['bytes in Gi', text({ format: 'bytes' }), { amount: '2', unit: 'Gi' }, { out: '2Gi' }],
    ['bytes in Ti', { name: 'b', type: 'bytes' }, { amount: '1', unit: 'Ti' }, { out: '1Ti' }],
    [
      'bytes not a number',
      text({ format: 'bytes' }),
      { amount: 'lots', unit: 'Mi' },
      { message: NUMBER_MESSAGE },
    ],
    [
      'bytes blank and required',
      text({ format: 'bytes' }, { required: true }),
      { amount: '', unit: 'Mi' },
      { message: REQUIRED_MESSAGE },
    ],
    ['millicores', text({ format: 'millicores' }), '250', { out: '250m' }],
    ['millicores typed with the suffix', text({ format: 'millicores' }), '500m', { out: '500m' }],
    [
      'millicores not a number',
      text({ format: 'millicores' }),
      '0.5',
      { message: PARAMETER_MESSAGES.millicores },
    ],
    [
      'code yaml',
      { name: 'c', type: 'code', properties: { language: 'yaml' } },
      '- a\n- b',
      { out: '- a\n- b' },
    ],
    [
      'code yaml that does not parse',
      { name: 'c', type: 'code', properties: { language: 'yaml' } },
      'a: [',
      { message: 'Invalid YAML' },
    ],
    [
      'code json that does not parse',
      { name: 'c', type: 'code', properties: { language: 'json' } },
      '{"a":',
      { message: 'Invalid JSON' },
    ],
    [
      'code sql is free text',
      { name: 'c', type: 'code', properties: { language: 'sql' } },
      'SELECT 1 {',
      { out: 'SELECT 1 {' },
    ],
    ['code required', { name: 'c', type: 'code', required: true }, '', { message: REQUIRED_MESSAGE }],
    ['checkbox on', { name: 'c', type: 'checkbox' }, true, { out: 'true' }],
    ['checkbox off', { name: 'c', type: 'checkbox', required: true }, false, { out: 'false' }],
    [
      'list option',
      { name: 'l', type: 'list', properties: { options: [{ label: 'A', value: 'a' }] } },
      'a',
      { out: 'a' },
    ],
    [
      'list value not offered',
      { name: 'l', type: 'list', properties: { options: [{ label: 'A', value: 'a' }] } },
      'z',
      { message: PARAMETER_MESSAGES.option },
    ],
    [
      'list required',
      { name: 'l', type: 'list', required: true, properties: { options: ['a'] } },
      '',
      { message: REQUIRED_MESSAGE },
    ],
    ['team', { name: 't', type: 'team' }, 'team-id', { out: 'team-id' }],
    ['team required', { name: 't', type: 'team', required: true }, '', { message: REQUIRED_MESSAGE }],
    ['people', { name: 'p', type: 'people' }, 'person-id', { out: 'person-id' }],
    ['config', { name: 'c', type: 'config' }, { id: 'cfg-1', name: 'api' }, { out: 'cfg-1' }],
    [
      'component required',
      { name: 'c', type: 'component', required: true },
      null,
      { message: REQUIRED_MESSAGE },
    ],
    ['check', { name: 'c', type: 'check' }, { id: 'chk-1' }, { out: 'chk-1' }],
  ];
  it.each(rows)('%s', (_label, p, value, expected) => {
    const result = check(p, value);
    if (expected.message !== undefined) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain(expected.message);
    } else {
      expect(result).toEqual({ ok: true, out: expected.out });
    }
  });
});

describe('defaults', () => {
  it('turns defaults into form values by type', () => {
    expect(defaultValue({ name: 'w', type: 'checkbox', default: 'true' })).toBe(true);
    expect(defaultValue({ name: 'w', type: 'checkbox' })).toBe(false);
    expect(defaultValue(text({ format: 'bytes' }, { default: '2Gi' }))).toEqual({ amount: '2', unit: 'Gi' });
    expect(defaultValue(text({ format: 'bytes' }, { default: '512' }))).toEqual({
      amount: '512',
      unit: 'Mi',
    });
    expect(defaultValue(text({ format: 'millicores' }, { default: '250m' }))).toBe('250');
    expect(defaultValue({ name: 'c', type: 'config', default: 'cfg-1' })).toEqual({ id: 'cfg-1' });
    expect(defaultValue({ name: 'c', type: 'config' })).toBeNull();
    expect(defaultValue(text({}, { default: 3 }))).toBe('3');
  });

  it('parses code defaults from YAML or JSON and writes them back out', () => {
    expect(
      codeDefault({
        name: 'c',
        type: 'code',
        properties: { language: 'json' },
        default: '{"environment": "staging"}',
      }),
    ).toBe('{\n  "environment": "staging"\n}');
    expect(
      codeDefault({ name: 'c', type: 'code', properties: { language: 'yaml' }, default: 'accounts: [a, b]' }),
    ).toBe('accounts:\n  - a\n  - b');
    expect(
      codeDefault({ name: 'c', type: 'code', properties: { language: 'yaml' }, default: { a: 1 } }),
    ).toBe('a: 1\n');
    expect(
      codeDefault({ name: 'c', type: 'code', properties: { language: 'sql' }, default: 'SELECT 1' }),
    ).toBe('SELECT 1');
    expect(
      codeDefault({ name: 'c', type: 'code', properties: { language: 'yaml' }, default: 'not: [valid' }),
    ).toBe('not: [valid');
  });

  it('builds the params body by name from the form and starts a re-run from the previous values', () => {
    const params: ParameterDefinition[] = [
      { name: 'reason', type: 'text', required: true },
      { name: 'memory', type: 'text', properties: { format: 'bytes' }, default: '256Mi' },
      { name: 'dry.run', type: 'checkbox', default: 'true' },
      { name: 'notes', type: 'text' },
    ];
    const values = initialValues(params, { reason: 'again', memory: '1Gi' });
    expect(values).toEqual({ p0: 'again', p1: { amount: '1', unit: 'Gi' }, p2: true, p3: '' });
    expect(runParamsSchema(params).parse(values)).toEqual({
      reason: 'again',
      memory: '1Gi',
      'dry.run': 'true',
    });
    expect(runParamsSchema(params).safeParse(initialValues(params)).success).toBe(false);
  });
});
