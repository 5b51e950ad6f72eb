import * as React from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSavedViews } from '@/components/palette/use-saved-views';
import { readSavedViews, writeSavedViews } from '@/lib/palette/saved-views';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { jsonResponse } from '../../helpers/fetch-response';

/**
 * Issue 33: where the palette keeps saved views. A backend that answers 404 leaves them in the browser, without an
 * error; one that keeps them gets this browser's views moved up once (then cleared here) and every write.
 */

interface Row {
  id: string;
  name: string;
  href: string;
  pinned: boolean;
  created_at: string;
}

let rows: Row[] | null;
let calls: string[];

beforeEach(() => {
  window.localStorage.clear();
  calls = [];
  let n = 0;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (rows === null) return jsonResponse(404, { error: 'not found' });
    if (method === 'GET') return jsonResponse(200, rows);
    if (method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { name: string; href: string; pinned?: boolean };
      const row = { pinned: false, ...body, id: `r${++n}`, created_at: new Date(n * 1000).toISOString() };
      rows.push(row);
      return jsonResponse(201, row);
    }
    const id = url.split('/').pop();
    if (method === 'PATCH') {
      const row = rows.find((r) => r.id === id)!;
      Object.assign(row, JSON.parse(String(init?.body)));
      return jsonResponse(200, row);
    }
    rows = rows.filter((r) => r.id !== id);
    return { ok: true, status: 204, headers: new Headers(), text: async () => '' } as Response;
  }) as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), notifyError: jest.fn(), timeoutMs: 5000 });
});

function renderViews(client = createQueryClient()) {
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSavedViews('alice'), { wrapper });
}

const local = () => readSavedViews('alice');

describe('saved views on a backend without them (404)', () => {
  beforeEach(() => (rows = null));

  it('keeps them in this browser, as before, and never sends a write', async () => {
    writeSavedViews('alice', [{ id: 'l1', name: 'Old', href: '/logs', pinned: true, createdAt: 1 }]);
    const client = createQueryClient();
    const { result } = renderViews(client);
    await waitFor(() => expect(calls).toEqual(['GET /api/saved-views']));
    expect(result.current.source).toBe('browser');
    // The answer is remembered as "not kept there", not as a failure: the Saved group's mount does not ask again.
    renderViews(client);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toEqual(['GET /api/saved-views']);
    expect(result.current.views.map((v) => v.name)).toEqual(['Old']);

    await act(async () => void (await result.current.add('  New   one ', '/health?status=unhealthy')));
    await waitFor(() => expect(result.current.views.map((v) => v.name)).toEqual(['Old', 'New one']));
    const added = result.current.views[1]!;
    await act(async () => void (await result.current.rename(added.id, 'Renamed')));
    await act(async () => void (await result.current.togglePin(added.id)));
    await waitFor(() =>
      expect(local().map((v) => [v.name, v.pinned])).toEqual([
        ['Old', true],
        ['Renamed', true],
      ]),
    );
    await act(async () => void (await result.current.remove('l1')));
    await waitFor(() => expect(local().map((v) => v.name)).toEqual(['Renamed']));
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });
});

describe('saved views on a backend that keeps them', () => {
  beforeEach(() => (rows = []));

  it("moves this browser's views up once, clears them here, and shows the backend's list", async () => {
    writeSavedViews('alice', [
      { id: 'l1', name: 'Red', href: '/health?status=unhealthy', pinned: true, createdAt: 1 },
      { id: 'l2', name: 'Logs', href: '/logs', pinned: false, createdAt: 2 },
    ]);
    const { result } = renderViews();
    await waitFor(() => expect(local()).toEqual([]));
    await waitFor(() =>
      expect(result.current.views.map((v) => [v.id, v.name, v.pinned])).toEqual([
        ['r1', 'Red', true],
        ['r2', 'Logs', false],
      ]),
    );
    expect(result.current.source).toBe('backend');
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(2);

    // A second mount (another tab, the Saved group) has nothing left to move.
    renderViews();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(2);
  });

  it('sends every write to the backend and keeps nothing in this browser', async () => {
    const { result } = renderViews();
    await waitFor(() => expect(result.current.source).toBe('backend'));
    let added: Awaited<ReturnType<typeof result.current.add>> | undefined;
    await act(async () => void (added = await result.current.add('Mine', '/catalog?type=Kubernetes::Pod')));
    expect(added).toMatchObject({ ok: true, view: { id: 'r1', name: 'Mine' } });
    await act(async () => void (await result.current.togglePin('r1')));
    await act(async () => void (await result.current.rename('r1', 'Pods')));
    await waitFor(() =>
      expect(result.current.views.map((v) => [v.name, v.pinned])).toEqual([['Pods', true]]),
    );
    await act(async () => void (await result.current.remove('r1')));
    await waitFor(() => expect(result.current.views).toEqual([]));
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([
      'POST /api/saved-views',
      'PATCH /api/saved-views/r1',
      'PATCH /api/saved-views/r1',
      'DELETE /api/saved-views/r1',
    ]);
    expect(local()).toEqual([]);
  });

  it('refuses an eleventh pin before sending it', async () => {
    rows = Array.from({ length: 11 }, (_, i) => ({
      id: `p${i}`,
      name: `P${i}`,
      href: `/logs?n=${i}`,
      pinned: i < 10,
      created_at: new Date(i).toISOString(),
    }));
    const { result } = renderViews();
    await waitFor(() => expect(result.current.views).toHaveLength(11));
    let answer: unknown;
    await act(async () => void (answer = await result.current.togglePin('p10')));
    expect(answer).toEqual({ ok: false, reason: 'pins-full' });
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });
});
