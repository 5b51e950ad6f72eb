import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IncidentStatusCounts } from '@/components/incidents/incident-status-counts';
import type { Endpoint } from '@/lib/backend/endpoint';
import { incidentStatusCountEndpoint } from '@/lib/incidents/endpoints';
import { incidentCountFilters } from '@/lib/incidents/status-counts';
import { incidentsSearch } from '@/lib/incidents/search';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';

/** The incidents list's counts by status (spec 000 §7 incident_summary, issue 37). */

const NO_FILTERS = { query: '', severity: null, type: null, owner: null, component: null };

describe('incident status counts: requests', () => {
  it('counts one status of incident_summary with an exact count and no rows (a GET: the backend refuses HEAD)', () => {
    const e = incidentStatusCountEndpoint(
      { ...NO_FILTERS, query: 'disk (full)', severity: 'high', type: 'security' },
      'open',
    );
    expect(e.method).toBeUndefined();
    expect(e.headers).toEqual({ prefer: 'count=exact' });
    expect(e.path).toBe(
      '/db/incident_summary?select=id&title=ilike.*disk%20%20full*&status=eq.open&severity=eq.high&type=eq.security&limit=0',
    );
  });

  it('counts on incidents with the list filters the view lacks (owner, component)', () => {
    expect(incidentStatusCountEndpoint({ ...NO_FILTERS, owner: 'p1' }, 'closed').path).toBe(
      '/db/incidents?select=id&status=eq.closed&created_by=eq.p1&limit=0',
    );
    expect(incidentStatusCountEndpoint({ ...NO_FILTERS, component: 'c1' }, 'new').path).toBe(
      '/db/incidents?select=id,hypotheses!inner(evidences!inner(component_id))&status=eq.new&hypotheses.evidences.component_id=eq.c1&limit=0',
    );
  });

  it("takes the list's filters from the URL, without its status, sort or page", () => {
    const values = incidentsSearch.parse(
      new URLSearchParams('query=db&status=closed&severity=high&owner=p1&sortBy=title&pageIndex=2'),
    );
    expect(incidentCountFilters(values)).toEqual({
      query: 'db',
      severity: 'high',
      type: null,
      owner: 'p1',
      component: null,
    });
  });
});

describe('incident status counts: the strip', () => {
  function renderCounts(status: 'open' | null, onStatus = jest.fn()) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const seen: string[] = [];
    bindEndpointFetcher(client, async <T,>(endpoint: Endpoint<T>) => {
      seen.push(endpoint.path);
      const status = /status=eq\.(\w+)/.exec(endpoint.path)?.[1] ?? '';
      return { data: [] as T, total: { open: 12, closed: 3 }[status] ?? 0 };
    });
    render(
      <QueryClientProvider client={client}>
        <IncidentStatusCounts
          values={incidentsSearch.parse(new URLSearchParams())}
          status={status}
          onStatus={onStatus}
        />
      </QueryClientProvider>,
    );
    return { seen, onStatus };
  }

  it('shows every status with its count and marks the filtered one', async () => {
    const { seen } = renderCounts('open');
    const list = await screen.findByRole('list', { name: 'Incidents by status' });
    expect(list).toHaveTextContent('New0Open12Investigating0Mitigated0Resolved0Closed3');
    expect(screen.getByRole('button', { name: 'Open 12' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Closed 3' })).toHaveAttribute('aria-pressed', 'false');
    expect(seen).toHaveLength(6);
  });

  it('sets the Status filter from a count, and clears it from the current one', async () => {
    const { onStatus } = renderCounts('open');
    await userEvent.click(await screen.findByRole('button', { name: 'Closed 3' }));
    expect(onStatus).toHaveBeenLastCalledWith('closed');
    await userEvent.click(screen.getByRole('button', { name: 'Open 12' }));
    expect(onStatus).toHaveBeenLastCalledWith(null);
  });
});
