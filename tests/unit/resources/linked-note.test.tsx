import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LinkedNote } from '@/components/resources/linked-note';
import type { Endpoint } from '@/lib/backend/endpoint';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { linkedSourceOf } from '@/lib/resources/linked-source';

/**
 * A 'Linked to' note of a generated resource (issue 37, 001 §7): the component or catalog item is looked up by its
 * source id and linked by its real id; when nothing has that source the note is plain text, never a missing page.
 */

function setup(source: string, rows: Record<string, { id: string; name: string }[]>) {
  const calls: string[] = [];
  const client = bindEndpointFetcher(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    (async (endpoint: Endpoint<unknown>) => {
      calls.push(endpoint.path);
      const table = endpoint.path.split('?')[0]?.replace('/db/', '') ?? '';
      return { data: rows[table] ?? [], total: undefined };
    }) as never,
  );
  const linked = linkedSourceOf({ source });
  render(
    <QueryClientProvider client={client}>
      {linked ? <LinkedNote linked={linked} /> : null}
    </QueryClientProvider>,
  );
  return calls;
}

describe('Linked to notes', () => {
  it('links a component found by its source id to its real id', async () => {
    const calls = setup('component/ext-42', { components: [{ id: 'c-real', name: 'orders' }] });
    const link = await screen.findByRole('link', { name: 'topology component' });
    expect(link).toHaveAttribute('href', '/topology/c-real');
    expect(decodeURIComponent(calls[0] ?? '')).toContain('external_id=eq.ext-42');
  });

  it('links a catalog item found by its source to its real id', async () => {
    const calls = setup('kubernetes/uid-7', { config_items: [{ id: 'cfg-real', name: 'pod' }] });
    expect(await screen.findByRole('link', { name: 'catalog item' })).toHaveAttribute(
      'href',
      '/catalog/cfg-real',
    );
    expect(decodeURIComponent(calls[0] ?? '')).toContain('source=eq.uid-7');
  });

  it('shows plain text when nothing has that source', async () => {
    const calls = setup('component/gone', {});
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Linked to a topology component');
    await screen.findByText(/topology component/);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
    expect(within(note).queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the source id, not a link built from the raw text', () => {
    expect(linkedSourceOf({ source: 'component/abc' })).toEqual({ kind: 'component', sourceId: 'abc' });
    expect(linkedSourceOf({ source: 'kubernetes:uid-1' })).toEqual({ kind: 'catalog', sourceId: 'uid-1' });
  });
});
