import { act, renderHook } from '@testing-library/react';
import { useUrlColumns } from '@/components/data-table/use-url-columns';
import { defineSearchParams } from '@/lib/search-params/define';
import { columnParams } from '@/lib/search-params/table';
import { useUrlState } from '@/lib/search-params/use-url-state';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

/** A list's column choice lives in its address (issue 33: a saved view keeps its columns). */

const contract = defineSearchParams(columnParams());
const DEFAULTS = { cost: false };

beforeEach(() => window.history.replaceState(null, '', '/list'));

it('shows the defaults without a columns parameter, the address’s changes on top of them', () => {
  window.history.replaceState(null, '', '/list?columns=cost%2C%21owner');
  const { result } = renderHook(() => useUrlColumns(useUrlState(contract), DEFAULTS));
  expect(result.current.columnVisibility).toEqual({ cost: true, owner: false });
  window.history.replaceState(null, '', '/list');
  const fresh = renderHook(() => useUrlColumns(useUrlState(contract), DEFAULTS));
  expect(fresh.result.current.columnVisibility).toEqual({ cost: false });
});

it('writes a choice as its difference from the defaults, and none once back at them', () => {
  const { result } = renderHook(() => useUrlColumns(useUrlState(contract), DEFAULTS));
  act(() => result.current.onColumnVisibilityChange({ cost: true, owner: false, name: true }));
  expect(new URL(window.location.href).searchParams.get('columns')).toBe('cost,!owner');
  act(() => result.current.onColumnVisibilityChange({ cost: false, owner: true }));
  expect(new URL(window.location.href).searchParams.has('columns')).toBe(false);
});
