import type { StatusPageSummary } from '@/lib/status-page/endpoints';
import { filterStatusPages, statusPagesSearch } from '@/lib/status-page/search';

const page = (name: string, slug: string, published: boolean) =>
  ({ id: slug, name, slug, published, entry_count: 1 }) as unknown as StatusPageSummary;

const PAGES = [
  page('Payments', 'pay', true),
  page('Public API', 'api', false),
  page('Shop', 'shop-eu', true),
];

describe('the status pages list filter', () => {
  it('keeps the pages holding every word in their name or address, ignoring case', () => {
    expect(filterStatusPages(PAGES, '', null).map((p) => p.slug)).toEqual(['pay', 'api', 'shop-eu']);
    expect(filterStatusPages(PAGES, 'PUBLIC api', null).map((p) => p.slug)).toEqual(['api']);
    expect(filterStatusPages(PAGES, 'eu', null).map((p) => p.slug)).toEqual(['shop-eu']);
    expect(filterStatusPages(PAGES, 'pay missing', null)).toEqual([]);
  });

  it('keeps the pages in the chosen state', () => {
    expect(filterStatusPages(PAGES, '', 'published').map((p) => p.slug)).toEqual(['pay', 'shop-eu']);
    expect(filterStatusPages(PAGES, 'p', 'draft').map((p) => p.slug)).toEqual(['api']);
  });

  it('reads only the states it knows from the URL', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(statusPagesSearch.parse(new URLSearchParams('state=draft&query=api'))).toEqual({
      query: 'api',
      state: 'draft',
    });
    expect(statusPagesSearch.parse(new URLSearchParams('state=archived')).state).toBeNull();
  });
});
