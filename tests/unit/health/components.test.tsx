import { labelSelectSummary, LABEL_SUMMARY_THRESHOLD } from '@/components/health/health-filter-panel';
import { visibleRows } from '@/components/health/health-table';
import { groupChecks } from '@/lib/health/grouping';
import { check } from './fixtures';

describe('label multi-select summary', () => {
  it("collapses to 'including N labels' at 4 or more selected", () => {
    expect(LABEL_SUMMARY_THRESHOLD).toBe(4);
    expect(labelSelectSummary([])).toBe('All');
    expect(labelSelectSummary([{ value: 'a', state: 1 }, { value: 'b', state: -1 }])).toBe('a, not b');
    const four = ['a', 'b', 'c', 'd'].map((value) => ({ value, state: 1 as const }));
    expect(labelSelectSummary(four)).toBe('including 4 labels');
  });
});

describe('table rows', () => {
  it('shows a group of one as its check and expands groups on demand', () => {
    const groups = groupChecks(
      [check({ id: '1', canary_name: 'a' }), check({ id: '2', canary_name: 'a' }), check({ id: '3', canary_name: 'b' })],
      'canary_name',
    );
    expect(visibleRows(groups, new Set()).map((r) => r.kind)).toEqual(['group', 'check']);
    expect(visibleRows(groups, new Set(['a'])).map((r) => (r.kind === 'check' ? r.check.id : `g:${r.group.key}`))).toEqual(['g:a', '1', '2', '3']);
  });
});
