import {
  completionsAt,
  cursorContext,
  propertySuggestions,
  schemaDiagnostics,
  schemasAt,
  valueSuggestions,
  type JsonSchema,
} from '@/lib/forms/json-schema';

const schema: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', description: 'The name' },
    spec: {
      type: 'object',
      additionalProperties: false,
      properties: {
        method: { enum: ['GET', 'POST'] },
        http: { type: 'array', items: { $ref: '#/definitions/http' } },
        schedule: { anyOf: [{ type: 'string', pattern: '^@' }, { type: 'integer' }] },
      },
    },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
  },
  definitions: {
    http: {
      type: 'object',
      required: ['url'],
      properties: { url: { type: 'string' }, insecure: { type: 'boolean' } },
    },
  },
};

describe('cursor context', () => {
  it.each([
    ['', [], 'key', []],
    ['spec:\n  ', ['spec'], 'key', []],
    ['spec:\n  http:\n    - url: x\n      ', ['spec', 'http', 0], 'key', ['url']],
    [
      'spec:\n  http:\n    - url: a\n      insecure: true\n    - url: c\n      ',
      ['spec', 'http', 0],
      'key',
      ['url'],
    ],
    ['spec:\n  http:\n    - ', ['spec', 'http', 0], 'key', []],
    ['spec:\n  method: G', ['spec', 'method'], 'value', []],
    ['name: a\nsp', [], 'key', ['name']],
    ['a:\n  b:\n    c: 1\n  ', ['a'], 'key', ['b']],
  ])('YAML %j', (text, path, position, present) => {
    const context = cursorContext(text, text.length, 'yaml');
    expect(context.path).toEqual(path);
    expect(context.position).toBe(position);
    expect([...context.present].sort()).toEqual(present);
  });

  it.each([
    ['{"spec": {"http": [{"url": "x", ', ['spec', 'http', 0], 'key', ['url']],
    ['{"spec": {"method": "', ['spec', 'method'], 'value', []],
    ['{"a": 1, "', [], 'key', ['a']],
    ['[{"a":1},{', [1], 'key', []],
    ['{"spec": {"http": [{"url": "x"}, {"url": "y"}, {', ['spec', 'http', 2], 'key', []],
  ])('JSON %j', (text, path, position, present) => {
    const context = cursorContext(text, text.length, 'json');
    expect(context.path).toEqual(path);
    expect(context.position).toBe(position);
    expect([...context.present].sort()).toEqual(present);
  });
});

describe('schema suggestions', () => {
  it('follows $ref, items and additionalProperties', () => {
    expect(schemasAt(schema, ['spec', 'http', 3]).some((s) => s.properties?.url)).toBe(true);
    expect(schemasAt(schema, ['labels', 'team'])[0]?.type).toBe('string');
    expect(schemasAt(schema, ['nothing', 'here'])).toEqual([]);
  });

  it('offers missing properties, required first, and enum or boolean values', () => {
    expect(propertySuggestions(schema, []).map((s) => s.label)).toEqual(['name', 'labels', 'spec']);
    expect(propertySuggestions(schema, [], new Set(['name'])).map((s) => s.label)).toEqual([
      'labels',
      'spec',
    ]);
    expect(propertySuggestions(schema, ['spec', 'http', 0])[0]).toMatchObject({
      label: 'url',
      required: true,
      detail: 'string',
    });
    expect(valueSuggestions(schema, ['spec', 'method']).map((s) => s.label)).toEqual(['GET', 'POST']);
    expect(valueSuggestions(schema, ['spec', 'http', 0, 'insecure']).map((s) => s.label)).toEqual([
      'true',
      'false',
    ]);
  });

  it('completes at the cursor', () => {
    const text = 'spec:\n  http:\n    - url: x\n      ins';
    expect(completionsAt(schema, text, text.length, 'yaml')).toEqual({
      from: text.length - 3,
      options: [{ label: 'insecure', kind: 'property', detail: 'boolean', info: undefined, required: false }],
    });
  });
});

describe('schema diagnostics', () => {
  it('reports each violation on the text it concerns', () => {
    const text = 'spec:\n  foo: 1\n  http:\n    - url: 3\n  method: PUT\n';
    const diagnostics = schemaDiagnostics(schema, text, 'yaml');
    const at = (d: { from: number; to: number }) => text.slice(d.from, d.to);
    expect(diagnostics.map((d) => [d.message, at(d)])).toEqual(
      expect.arrayContaining([
        ['Missing required property "name"', 'spec:'],
        ['Unknown property "foo"', 'foo'],
        ['Value type "number" is invalid. Expected "string".', '3'],
        ['Value does not match any of ["GET","POST"].', 'PUT'],
      ]),
    );
    expect(diagnostics).toHaveLength(4);
  });

  it('keeps anyOf to one message and is quiet for valid, blank or unparsable text', () => {
    const diagnostics = schemaDiagnostics(schema, '{"name": "a", "spec": {"schedule": "5m"}}', 'json');
    expect(diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/any/i)]);
    expect(schemaDiagnostics(schema, 'name: a\nspec:\n  http:\n    - url: x\n', 'yaml')).toEqual([]);
    expect(schemaDiagnostics(schema, '', 'yaml')).toEqual([]);
    expect(schemaDiagnostics(schema, 'a: [', 'yaml')).toEqual([]);
  });
});
