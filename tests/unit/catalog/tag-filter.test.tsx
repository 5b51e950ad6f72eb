import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TagFilter } from '@/components/catalog/tag-filter';
import type { Endpoint } from '@/lib/backend/endpoint';
import { configListEndpoint } from '@/lib/catalog/configs-endpoints';
import { catalogChangesRequest } from '@/lib/catalog/changes-queries';
import { changesSearch } from '@/lib/catalog/changes-search';
import { catalogSummaryRequest, configListParams } from '@/lib/catalog/requests';
import { catalogSearch } from '@/lib/catalog/search';
import {
  changesTagSelector,
  parseTagFilter,
  tagFilterSummary,
  tagKeyOptions,
  type TagFilter as TagFilterValue,
} from '@/lib/catalog/tag-filter';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { applyPatch } from '@/lib/search-params/define';

/** The catalog's Tags filter (spec 000 §7 config_tags and the change feed's tags, issue 37). */

describe('tags in the URL', () => {
  it('writes key=value pairs in key order, commas and colons escaped, and reads them back', () => {
    const tags = { namespace: 'default', 'team:x': 'a,b' };
    const search = catalogSearch.search({ tags });
    expect(search).toBe('?tags=namespace%3Ddefault%2Cteam%253Ax%3Da%252Cb');
    expect(catalogSearch.parse(new URLSearchParams(search)).tags).toEqual(tags);
    expect(changesSearch.parse(new URLSearchParams(search)).tags).toEqual(tags);
  });

  it('drops entries without a key or a value separator, and resets the page', () => {
    expect(parseTagFilter('=x,nokey,cluster=prod')).toEqual({ cluster: 'prod' });
    expect(parseTagFilter('junk')).toBeUndefined();
    expect(catalogSearch.parse(new URLSearchParams('')).tags).toEqual({});
    const v = catalogSearch.parse(new URLSearchParams('pageIndex=3'));
    expect(applyPatch(catalogSearch, v, { tags: { a: 'b' } }).values.pageIndex).toBe(0);
  });
});

describe('tags in the requests', () => {
  const v = catalogSearch.parse(new URLSearchParams('tags=namespace%3Ddefault%2Ccluster%3Dprod'));

  it('narrows the list to items with every chosen tag, beside the label filters', () => {
    const path = decodeURIComponent(
      configListEndpoint(configListParams({ ...v, labels: { 'env=prod': 1 } }, 50, false)).path,
    );
    expect(path).toContain('and=(labels->>env.eq.prod,tags->>cluster.eq.prod,tags->>namespace.eq.default)');
    expect(configListEndpoint(configListParams({ ...v, tags: {} }, 50, false)).path).not.toContain('and=');
  });

  it("sends the summary's tags and the change feed's selector", () => {
    expect(catalogSummaryRequest(v, false).tags).toEqual(['cluster=prod', 'namespace=default']);
    expect(catalogSummaryRequest({ ...v, tags: {} }, false)).not.toHaveProperty('tags');
    const feed = changesSearch.parse(new URLSearchParams('tags=namespace%3Ddefault%2Ccluster%3Dprod'));
    expect(catalogChangesRequest(feed, 50, false).tags).toBe('cluster=prod,namespace=default');
    expect(catalogChangesRequest({ ...feed, tags: {} }, 50, false)).not.toHaveProperty('tags');
    // A selector cannot quote: a value with a comma or a parenthesis is left out rather than sent broken.
    expect(changesTagSelector({ a: 'x,y', b: 'f(1)', c: 'ok' })).toBe('c=ok');
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

  it('summarises the choice on the trigger', () => {
    expect(tagFilterSummary({})).toBe('All');
    expect(tagFilterSummary({ namespace: 'default', cluster: 'prod' })).toBe(
      'cluster=prod, namespace=default',
    );
    expect(tagFilterSummary({ a: '1', b: '2', c: '3' })).toBe('3 tags');
  });
});

describe('the Tags filter', () => {
  function renderFilter(value: TagFilterValue = {}) {
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
    render(
      <QueryClientProvider client={client}>
        <TagFilter value={value} onChange={onChange} />
      </QueryClientProvider>,
    );
    return { seen, onChange };
  }

  it('asks for the tags only when opened, then writes the chosen value per key', async () => {
    const { seen, onChange } = renderFilter({ cluster: 'prod' });
    const trigger = screen.getByRole('button', { name: 'Tags' });
    expect(trigger).toHaveTextContent('cluster=prod');
    expect(seen).toEqual([]);
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Filter by tag' });
    expect(seen).toEqual(['/db/config_tags?select=key,value&order=key.asc&order=value.asc&limit=2000']);
    const namespace = await waitFor(() => dialog.querySelector('select') as HTMLSelectElement);
    expect(namespace).toHaveAccessibleName('namespace');
    await userEvent.selectOptions(namespace, 'kube-system');
    expect(onChange).toHaveBeenLastCalledWith({ cluster: 'prod', namespace: 'kube-system' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'cluster' }), '');
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});
