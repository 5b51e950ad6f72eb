import { changesFeedInput, changesSearch } from '@/lib/catalog/changes-search';
import { catalogChangesRequest } from '@/lib/catalog/changes-queries';
import { changesFeedQuery } from '@/lib/catalog/changes-feed-queries';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { jsonResponse } from '../../helpers/fetch-response';

/**
 * The change feed's query is keyed by what its request is built from (the URL's values, the page size, the item),
 * and builds the request, with its time-range parsing, when it asks (issue 34: that code left the first load).
 */

const parse = (search: string) => changesSearch.parse(new URLSearchParams(search));
const keyOf = (search: string, configId?: string) =>
  changesFeedQuery(changesFeedInput(parse(search), 50, false, configId)).queryKey;

describe('the change feed query', () => {
  it('keeps its key when a change is opened or the URL names the page size, not when a filter changes', () => {
    const base = 'severity=high&rangeType=relative&range=now-7d';
    expect(keyOf(`${base}&changeId=x1`)).toEqual(keyOf(base));
    expect(keyOf(`${base}&pageSize=100`)).toEqual(keyOf(base));
    expect(keyOf(`${base}&pageIndex=1`)).not.toEqual(keyOf(base));
    expect(keyOf('severity=high&rangeType=relative&range=now-1d')).not.toEqual(keyOf(base));
    expect(keyOf('severity=high&timeRange=1d')).not.toEqual(keyOf('severity=high&timeRange=2d'));
  });

  it('reads the related items only on an item', () => {
    expect(keyOf('recursive=upstream')).toEqual(keyOf(''));
    expect(keyOf('recursive=upstream', 'c1')).not.toEqual(keyOf('', 'c1'));
  });

  it('sends the request catalogChangesRequest builds from the same values', async () => {
    const bodies: unknown[] = [];
    global.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return jsonResponse(200, { changes: [], total: 0 });
    }) as unknown as typeof fetch;
    configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 5000 });
    const cases: [string, string | undefined][] = [
      ['rangeType=relative&range=now-7d&display=Last+7+days&sortBy=name&sortDesc=false', 'c1'],
      ['rangeType=mapped&display=Yesterday&tags=env%3Dprod%3A1&pageIndex=2', undefined],
      ['timeRange=3mo&changeType=diff&recursive=upstream', 'c1'],
    ];
    for (const [search, configId] of cases) {
      const values = parse(search);
      await createQueryClient().fetchQuery(changesFeedQuery(changesFeedInput(values, 20, true, configId)));
      expect(bodies.at(-1)).toEqual(catalogChangesRequest(values, 20, true, configId));
    }
    expect(bodies[1]).toMatchObject({ from: 'now-1d/d', to: 'now-1d/d', tags: 'env=prod', page: 3 });
  });
});
