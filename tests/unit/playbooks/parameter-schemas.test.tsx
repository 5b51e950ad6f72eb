import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RunPlaybookDialog } from '@/components/playbooks/run-dialog';
import { schemaDiagnostics, type JsonSchema } from '@/lib/forms/json-schema';
import {
  jsonSchemaUrlOf,
  schemaCheck,
  schemaMismatchMessage,
  schemaUnavailableMessage,
  servedSchemaFile,
} from '@/lib/playbooks/parameter-schemas';
import { runParamsSchema } from '@/lib/playbooks/parameters';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';

/** Spec 001 §3.6: a code parameter's jsonSchemaUrl validates its value when the backend serves the schema. */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const SCHEMA: JsonSchema = {
  type: 'object',
  required: ['replicas'],
  properties: { replicas: { type: 'integer', minimum: 1 }, image: { type: 'string' } },
};

describe('which jsonSchemaUrl the console fetches', () => {
  it('only schema files the backend serves, on the console’s own origin', () => {
    expect(servedSchemaFile('/api/schemas/values.schema.json')).toBe('values.schema.json');
    expect(servedSchemaFile('schemas/values.schema.json')).toBe('values.schema.json');
    expect(servedSchemaFile('/schemas/canary.spec.schema.json?v=2')).toBe('canary.spec.schema.json');
    expect(servedSchemaFile('https://console.test/api/schemas/x.json', 'https://console.test')).toBe(
      'x.json',
    );
    expect(
      servedSchemaFile('https://raw.githubusercontent.com/a/b/values.schema.json', 'https://console.test'),
    ).toBe(undefined);
    expect(servedSchemaFile('/api/schemas/../secrets.json')).toBeUndefined();
    expect(servedSchemaFile('/api/db/people')).toBeUndefined();
  });

  it('only code parameters in YAML or JSON have one', () => {
    const url = '/api/schemas/x.json';
    expect(jsonSchemaUrlOf({ name: 'a', type: 'code', properties: { jsonSchemaUrl: url } })).toBe(url);
    expect(
      jsonSchemaUrlOf({ name: 'a', type: 'code', properties: { language: 'sql', jsonSchemaUrl: url } }),
    ).toBeUndefined();
    expect(jsonSchemaUrlOf({ name: 'a', type: 'text', properties: { jsonSchemaUrl: url } })).toBeUndefined();
  });

  it('says why a schema could not be fetched, and that the backend still checks the run', () => {
    expect(schemaUnavailableMessage('https://x/s.json', 'other-host')).toBe(
      'The JSON schema https://x/s.json could not be fetched (the console loads only schemas the backend serves); the value is checked when the playbook runs.',
    );
    expect(schemaUnavailableMessage('/api/schemas/s.json', 'not-found')).toContain(
      'the backend does not serve it',
    );
  });
});

describe('validating a value against its schema', () => {
  const param = { name: 'values', type: 'code', properties: { jsonSchemaUrl: '/api/schemas/v.json' } };
  const check = schemaCheck(schemaDiagnostics, SCHEMA, 'yaml');
  const issues = (text: string, withCheck = true) => {
    const result = runParamsSchema([param], withCheck ? () => check : undefined).safeParse({ p0: text });
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('a value that does not match says where and what, with how many more', () => {
    expect(issues('replicas: 0\nimage: 3\n')).toEqual([
      'Does not match its JSON schema: replicas: 0 is less than 1. (and 1 more)',
    ]);
    expect(schemaMismatchMessage([])).toBeUndefined();
  });

  it('a matching value, or no loaded schema, passes', () => {
    expect(issues('replicas: 2\n')).toEqual([]);
    expect(issues('replicas: 0\n', false)).toEqual([]);
  });
});

jest.setTimeout(30_000);

describe('the run dialog', () => {
  const PLAYBOOK = {
    id: 'pb-2',
    name: 'scale',
    title: 'Scale',
    spec: { actions: [{ name: 'a', exec: {} }] },
  };
  const PARAMS = [
    {
      name: 'values',
      label: 'Values',
      type: 'code',
      default: 'replicas: 0',
      properties: { language: 'yaml', jsonSchemaUrl: '/api/schemas/values.schema.json' },
    },
    {
      name: 'chart',
      label: 'Chart values',
      type: 'code',
      default: 'a: 1',
      properties: { jsonSchemaUrl: 'https://charts.example.invalid/values.schema.json' },
    },
    {
      name: 'extra',
      label: 'Extra',
      type: 'code',
      default: 'b: 2',
      properties: { jsonSchemaUrl: '/api/schemas/missing.schema.json' },
    },
  ];
  const fetched: string[] = [];

  beforeEach(() => {
    fetched.length = 0;
    global.fetch = jest.fn(async (input: string) => {
      const url = new URL(input, 'http://console.test');
      fetched.push(url.href);
      const json = (status: number, value: unknown) =>
        ({
          ok: status < 300,
          status,
          headers: new Headers({ 'content-type': 'application/json' }),
          text: async () => JSON.stringify(value),
        }) as Response;
      if (url.pathname === '/api/db/playbooks') return json(200, [PLAYBOOK]);
      if (url.pathname === '/api/playbook/pb-2/params') return json(200, { params: PARAMS });
      if (url.pathname === '/api/schemas/values.schema.json') return json(200, SCHEMA);
      return json(404, { error: 'not found' });
    }) as unknown as typeof fetch;
    configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 2000 });
  });

  it('checks a default against the served schema, and says which schemas could not be fetched', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RunPlaybookDialog open onOpenChange={jest.fn()} playbookId="pb-2" />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Run Scale' }, { timeout: 8000 });
    expect(
      await within(dialog).findByText(
        /Does not match its JSON schema: replicas: 0 is less than 1/,
        undefined,
        {
          timeout: 8000,
        },
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Checked against the JSON schema /api/schemas/values.schema.json.'),
    ).toBeVisible();
    expect(
      within(dialog).getByText(
        /The JSON schema https:\/\/charts\.example\.invalid\/values\.schema\.json could not be fetched \(the console loads only schemas the backend serves\)/,
      ),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        /missing\.schema\.json could not be fetched \(the backend does not serve it\)/,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Run' })).toBeDisabled());
    // The other host is never asked.
    expect(fetched.some((u) => u.includes('example.invalid'))).toBe(false);
  });
});
