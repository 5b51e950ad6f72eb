import { labelSelectSummary } from '@/components/list/label-filter';
import { healthRows } from '@/components/health/health-table';
import { groupChecks } from '@/lib/health/grouping';
import { check } from './fixtures';

describe('label multi-select summary', () => {
  it("collapses to 'including N labels' at 4 or more selected", () => {
    expect(labelSelectSummary([])).toBe('All');
    expect(
      labelSelectSummary([
        { value: 'a', state: 1 },
        { value: 'b', state: -1 },
      ]),
    ).toBe('a, not b');
    const four = ['a', 'b', 'c', 'd'].map((value) => ({ value, state: 1 as const }));
    expect(labelSelectSummary(four)).toBe('including 4 labels');
  });
});

describe('table rows', () => {
  it('shows a group of one as its check, and a larger group as a row with its checks as children', () => {
    const groups = groupChecks(
      [
        check({ id: '1', canary_name: 'a' }),
        check({ id: '2', canary_name: 'a' }),
        check({ id: '3', canary_name: 'b' }),
      ],
      'canary_name',
    );
    const rows = healthRows(groups);
    expect(rows.map((r) => r.id)).toEqual(['g:a', '3']);
    expect(rows[0]?.group ? rows[0].children.map((c) => c.check?.id) : []).toEqual(['1', '2']);
    // A check's id is a word of its row's id, for the live marks.
    expect(rows[0]?.group ? rows[0].children.map((c) => c.id.split(' ')[0]) : []).toEqual(['1', '2']);
  });
});
