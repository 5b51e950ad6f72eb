import { renderHook } from '@testing-library/react';
import { useFailingTitle } from '@/components/health/use-failing-title';

describe('failing checks in the tab title', () => {
  it('prefixes the count, updates it, drops it at zero and on unmount', () => {
    document.title = 'Health | Console';
    const { rerender, unmount } = renderHook(({ n }) => useFailingTitle(n), { initialProps: { n: 3 } });
    expect(document.title).toBe('(3 failing) Health | Console');
    rerender({ n: 5 });
    expect(document.title).toBe('(5 failing) Health | Console');
    rerender({ n: 0 });
    expect(document.title).toBe('Health | Console');
    rerender({ n: 2 });
    unmount();
    expect(document.title).toBe('Health | Console');
  });
});
