import { parameterSummaries } from '@/lib/playbooks/parameter-summary';

describe('parameterSummaries (the Parameters table of /playbooks/{id})', () => {
  it('lists the spec parameters in order with kind, format, required, default and description', () => {
    expect(
      parameterSummaries({
        parameters: [
          { name: 'reason', label: 'Reason', required: true, description: 'Why' },
          { name: 'replicas', type: 'text', properties: { format: 'number' }, default: 3 },
          { name: 'team', type: 'team' },
          { name: 'config', type: 'configs' },
          { name: 'query', type: 'code', default: { a: 1 } },
        ],
      }),
    ).toEqual([
      { name: 'reason', label: 'Reason', type: 'text', required: true, defaultText: '', description: 'Why' },
      {
        name: 'replicas',
        label: 'replicas',
        type: 'text (number)',
        required: false,
        defaultText: '3',
        description: '',
      },
      { name: 'team', label: 'team', type: 'team', required: false, defaultText: '', description: '' },
      { name: 'config', label: 'config', type: 'config', required: false, defaultText: '', description: '' },
      {
        name: 'query',
        label: 'query',
        type: 'code',
        required: false,
        defaultText: '{"a":1}',
        description: '',
      },
    ]);
  });

  it('never shows the default of a secret parameter', () => {
    const [token, key] = parameterSummaries({
      parameters: [
        { name: 'token', type: 'secret', default: 'hunter2' },
        { name: 'key', properties: { format: 'password' }, default: 'hunter2' },
      ],
    });
    expect(token!.defaultText).toBe('');
    expect(key!.defaultText).toBe('');
    expect(key!.type).toBe('text (password)');
  });

  it('reads no parameters from a spec without a list, and leaves out entries without a name', () => {
    expect(parameterSummaries(null)).toEqual([]);
    expect(parameterSummaries({ parameters: 'x' })).toEqual([]);
    expect(
      parameterSummaries({ parameters: [null, { label: 'x' }, { name: '' }, { name: 'ok' }] }),
    ).toHaveLength(1);
  });
});
