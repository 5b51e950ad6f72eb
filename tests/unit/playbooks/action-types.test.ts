import { actionTypeOf, playbookActionTypes, runActionType, specActions } from '@/lib/playbooks/action-types';

describe('action-type derivation from the playbook spec', () => {
  it.each([
    [{ name: 'a', exec: { script: 'ls' } }, 'exec'],
    [{ name: 'a', http: { url: 'x' } }, 'http'],
    [{ name: 'a', sql: { query: 'x' } }, 'sql'],
    [{ name: 'a', pod: { spec: {} } }, 'pod'],
    [{ name: 'a', gitops: { repo: {} } }, 'gitops'],
    [{ name: 'a', github: { repo: 'x' } }, 'github'],
    [{ name: 'a', azureDevopsPipeline: { org: 'x' } }, 'azureDevopsPipeline'],
    [{ name: 'a', notification: { title: 'x' } }, 'notification'],
    [{ name: 'a', ai: { prompt: 'x' } }, 'ai'],
    [{ name: 'a', exec: 'not an object' }, null],
    [{ name: 'a', delay: '10s' }, null],
    [null, null],
    ['exec', null],
  ])('%j is %p', (action, type) => {
    expect(actionTypeOf(action)).toBe(type);
  });

  it('lists the distinct kinds of a spec in a fixed order, and names unnamed actions by position', () => {
    const spec = {
      actions: [{ name: 'b', sql: {} }, { exec: {} }, { name: 'c', ai: {} }, { name: 'd', exec: {} }],
    };
    expect(playbookActionTypes(spec)).toEqual(['ai', 'exec', 'sql']);
    expect(specActions(spec).map((a) => a.name)).toEqual(['b', 'action 2', 'c', 'd']);
    expect(runActionType(spec, 'c')).toBe('ai');
    expect(runActionType(spec, 'missing')).toBeNull();
    expect(playbookActionTypes({})).toEqual([]);
    expect(playbookActionTypes(null)).toEqual([]);
  });
});
