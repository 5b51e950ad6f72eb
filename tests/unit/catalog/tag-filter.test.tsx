import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyTagFilter } from '@/components/catalog/lazy-tag-filter';
import { TagFilter } from '@/components/catalog/tag-filter';
import type { Endpoint } from '@/lib/backend/endpoint';
import { configListEndpoint } from '@/lib/catalog/configs-endpoints';
import { catalogChangesRequest } from '@/lib/catalog/changes-queries';
import { changesSearch } from '@/lib/catalog/changes-search';
import { catalogSummaryRequest, configListParams } from '@/lib/catalog/requests';
import { catalogSearch } from '@/lib/catalog/search';
import { chooseTag, chosenTags, tagFilterSummary, tagKeyOptions } from '@/lib/catalog/tag-options';
import type { TriStateMap } from '@/lib/filters/tri-state';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { applyPatch } from '@/lib/search-params/define';

/** The catalog's Tags filter (spec 000 §7 config_tags and the change feed's tags, issue 37). */

describe('tags in the URL', () => {
  it('are written like the label filters (key=value:1, commas and colons escaped) in both contracts', () => {
    const tags = { 'namespace=default': 1, 'team:x=a,b': 1 } as const;
    const search = catalogSearch.search({ tags });
    expect(search).toBe('?tags=namespace%3Ddefault%3A1%2Cteam%253Ax%3Da%252Cb%3A1');
    expect(catalogSearch.parse(new URLSearchParams(search)).tags).toEqual(tags);
    expect(changesSearch.parse(new URLSearchParams(search)).tags).toEqual(tags);
  });

  it('drop malformed values and reset the page', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(catalogSearch.parse(new URLSearchParams('tags=nonsense')).tags).toEqual({});
    warn.mockRestore();
    const v = catalogSearch.parse(new URLSearchParams('pageIndex=3'));
    expect(applyPatch(catalogSearch, v, { tags: { 'a=b': 1 } }).values.pageIndex).toBe(0);
  });
});

describe('tags in the requests', () => {
  const tags: TriStateMap = { 'namespace=default': 1, 'cluster=prod': 1, 'zone=x': -1 };
  const v = { ...catalogSearch.parse(new URLSearchParams('')), tags };

  it('narrows the list to items with every chosen tag, beside the label filters; an excluded id is ignored', () => {
    const path = decodeURIComponent(
      configListEndpoint(configListParams({ ...v, labels: { 'env=prod': 1 } }, 50, false)).path,
    );
    expect(path).toContain('and=(labels->>env.eq.prod,tags->>cluster.eq.prod,tags->>namespace.eq.default)');
    expect(configListEndpoint(configListParams({ ...v, tags: {} }, 50, false)).path).not.toContain('and=');
  });

  it("sends the summary's tags and the change feed's selector", () => {
    expect(catalogSummaryRequest(v, false).tags).toEqual(['cluster=prod', 'namespace=default']);
    expect(catalogSummaryRequest({ ...v, tags: {} }, false)).not.toHaveProperty('tags');
    const feed = { ...changesSearch.parse(new URLSearchParams('')), tags };
    expect(catalogChangesRequest(feed, 50, false).tags).toBe('cluster=prod,namespace=default');
    expect(catalogChangesRequest({ ...feed, tags: {} }, 50, false)).not.toHaveProperty('tags');
    // A selector cannot quote: an id with a comma or a parenthesis is left out rather than sent broken.
    expect(
      catalogChangesRequest({ ...feed, tags: { 'a=x,y': 1, 'b=f(1)': 1, 'c=ok': 1 } }, 50, false).tags,
    ).toBe('c=ok');
  });
});

describe('tag choices', () => {
  it('groups config_tags by key, account, namespace and name first, values sorted and empty ones left out', () => {
    expect(
      tagKeyOptions([
        { key: 'zone', value: 'b' },
        { key: 'cluster', value: 'prod' },
        { key: 'namespace', value: 'kube-system' },
        { key: 'namespace', value: 'default' },
        { key: 'account', value: '' },
        { key: 'Account', value: '123' },
        { key: 'zone', value: 'a' },
      ]),
    ).toEqual([
      { key: 'Account', values: ['123'] },
      { key: 'namespace', values: ['default', 'kube-system'] },
      { key: 'cluster', values: ['prod'] },
      { key: 'zone', values: ['a', 'b'] },
    ]);
  });

  it('keeps one value per key and summarises the choice on the trigger', () => {
    const one = chooseTag({}, 'namespace', 'default');
    const two = chooseTag(one, 'cluster', 'prod');
    expect(chooseTag(two, 'namespace', 'kube-system')).toEqual({
      'cluster=prod': 1,
      'namespace=kube-system': 1,
    });
    expect(chooseTag(two, 'namespace', '')).toEqual({ 'cluster=prod': 1 });
    expect(chosenTags({ ...two, 'x=y': -1 })).toEqual({ namespace: 'default', cluster: 'prod' });
    expect(tagFilterSummary({})).toBe('All');
    expect(tagFilterSummary(two)).toBe('cluster=prod, namespace=default');
    expect(tagFilterSummary({ ...two, 'a=1': 1 })).toBe('3 tags');
  });
});

describe('the Tags filter', () => {
  function renderFilter(node: (onChange: jest.Mock) => React.ReactNode) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const seen: string[] = [];
    bindEndpointFetcher(client, async <T,>(endpoint: Endpoint<T>) => {
      seen.push(endpoint.path);
      const rows = [
        { key: 'namespace', value: 'default' },
        { key: 'namespace', value: 'kube-system' },
        { key: 'cluster', value: 'prod' },
      ];
      return { data: rows as T, total: undefined };
    });
    const onChange = jest.fn();
    render(<QueryClientProvider client={client}>{node(onChange)}</QueryClientProvider>);
    return { seen, onChange };
  }

  it('asks for the tags only when opened, then writes the chosen value per key', async () => {
    const { seen, onChange } = renderFilter((onChange) => (
      <TagFilter value={{ 'cluster=prod': 1 }} onChange={onChange} />
    ));
    const trigger = screen.getByRole('button', { name: 'Tags' });
    expect(trigger).toHaveTextContent('cluster=prod');
    expect(seen).toEqual([]);
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Filter by tag' });
    expect(seen).toEqual(['/db/config_tags?select=key,value&order=key.asc&order=value.asc&limit=2000']);
    const namespace = await waitFor(() => dialog.querySelector('select') as HTMLSelectElement);
    expect(namespace).toHaveAccessibleName('namespace');
    await userEvent.selectOptions(namespace, 'kube-system');
    expect(onChange).toHaveBeenLastCalledWith({ 'cluster=prod': 1, 'namespace=kube-system': 1 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'cluster' }), '');
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('comes after the load event, its place kept meanwhile', async () => {
    jest.useFakeTimers();
    try {
      renderFilter((onChange) => <LazyTagFilter value={{}} onChange={onChange} />);
      expect(screen.queryByRole('button', { name: 'Tags' })).toBeNull();
      await act(async () => {
        window.dispatchEvent(new Event('load'));
        jest.advanceTimersByTime(300);
      });
      jest.useRealTimers();
      expect(await screen.findByRole('button', { name: 'Tags' })).toHaveTextContent('All');
    } finally {
      jest.useRealTimers();
    }
  });
});
