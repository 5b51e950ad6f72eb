'use client';

import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { savedViewKeys, savedViewQueries } from '@/lib/palette/queries';
import {
  addView,
  announceSavedViewsChange,
  canAddView,
  cleanName,
  clearSavedViews,
  fromRow,
  onSavedViewsChange,
  planMoveUp,
  readSavedViews,
  removeView,
  renameView,
  togglePin,
  writeSavedViews,
  type SavedView,
} from '@/lib/palette/saved-views';
import type { SavedViewRow } from '@/lib/palette/endpoints';
import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';
import { fetchEndpoint } from '@/lib/queries/fetcher';

const endpoints = () => import('@/lib/palette/endpoints');

type Write =
  | { kind: 'add'; name: string; href: string }
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'pin'; id: string; pinned: boolean }
  | { kind: 'delete'; id: string };

/**
 * What a write answers: done; refused before it was sent (a limit), for the caller to say; or failed on the backend,
 * already toasted by the write.
 */
export type WriteResult =
  { ok: true; view?: SavedView } | { ok: false; reason: 'full' | 'pins-full' | 'failed' };

export interface SavedViewsApi {
  views: SavedView[];
  /** Where they live now: 'backend' once the backend answered, 'browser' while it does not keep them. */
  source: 'backend' | 'browser';
  add(name: string, href: string): Promise<WriteResult>;
  rename(id: string, name: string): Promise<WriteResult>;
  togglePin(id: string): Promise<WriteResult>;
  remove(id: string): Promise<WriteResult>;
}

/** One move-up per person and tab at a time (the palette and the Saved group both mount this hook). */
const movingUp = new Map<string, Promise<unknown>>();

/**
 * The person's saved views and their writes, wherever they live: on the backend when its list answers (the move of
 * this browser's views up to it happens once, then they are cleared here), else in this browser's storage (a backend
 * that answers 404). Either way a change is announced to this tab's other parts and to the other tabs.
 */
export function useSavedViews(userId: string): SavedViewsApi {
  const queryClient = useQueryClient();
  const remote = useQuery(savedViewQueries.list());
  const backend = Array.isArray(remote.data) ? remote.data : undefined;
  const onBackend = React.useRef(false);
  onBackend.current = Boolean(backend);
  const [local, setLocal] = React.useState<SavedView[]>(() => readSavedViews(userId));

  React.useEffect(() => {
    setLocal(readSavedViews(userId));
    return onSavedViewsChange(() => {
      setLocal(readSavedViews(userId));
      if (onBackend.current) void queryClient.invalidateQueries({ queryKey: savedViewKeys.all });
    });
  }, [userId, queryClient]);

  // Move this browser's views up once the backend keeps them, then forget them here.
  const hasLocal = local.length > 0;
  React.useEffect(() => {
    if (!backend || !hasLocal || movingUp.has(userId)) return;
    const move = async () => {
      const e = await endpoints();
      // The list as it is now (another tab may have moved some a moment ago), not the cached one.
      const fresh = (await fetchEndpoint(queryClient, e.savedViewsEndpoint())).data.map(fromRow);
      const plan = planMoveUp(readSavedViews(userId), fresh);
      for (const view of plan.create) await fetchEndpoint(queryClient, e.createSavedViewEndpoint(view));
      clearSavedViews(userId);
      announceSavedViewsChange(userId);
    };
    // Tabs take turns (Web Locks, where the browser has them), so two tabs never move the same views twice.
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const run = (locks ? locks.request(`console.saved-views.move-up.${userId}`, move) : move())
      // A failure keeps the local copy; the next mount tries again (already moved ones are not created twice).
      .catch(() => undefined)
      .finally(() => movingUp.delete(userId));
    movingUp.set(userId, run);
  }, [backend, hasLocal, userId, queryClient]);

  const mutation = useEndpointMutation({
    mutationFn: async (write: Write, run) => {
      const e = await endpoints();
      switch (write.kind) {
        case 'add':
          return run(e.createSavedViewEndpoint({ name: write.name, href: write.href }));
        case 'rename':
          return run(e.updateSavedViewEndpoint(write.id, { name: write.name }));
        case 'pin':
          return run(e.updateSavedViewEndpoint(write.id, { pinned: write.pinned }));
        case 'delete':
          return run(e.deleteSavedViewEndpoint(write.id));
      }
    },
    invalidates: [savedViewKeys.all],
  });

  const views = backend ?? local;
  const saveLocal = (next: SavedView[]) => writeSavedViews(userId, next);
  const send = async (write: Write): Promise<WriteResult> => {
    try {
      const answer = await mutation.mutateAsync(write);
      announceSavedViewsChange(userId);
      return { ok: true, view: write.kind === 'add' ? fromRow(answer as SavedViewRow) : undefined };
    } catch {
      return { ok: false, reason: 'failed' };
    }
  };

  return {
    views,
    source: backend ? 'backend' : 'browser',
    add: async (name, href) => {
      if (!canAddView(views)) return { ok: false, reason: 'full' };
      const clean = cleanName(name) || cleanName(href);
      if (!backend) {
        const next = addView(views, { name: clean, href }, crypto.randomUUID(), Date.now());
        saveLocal(next);
        return { ok: true, view: next.at(-1) };
      }
      return send({ kind: 'add', name: clean, href });
    },
    rename: async (id, name) => {
      const clean = cleanName(name);
      if (!clean) return { ok: true };
      if (backend) return send({ kind: 'rename', id, name: clean });
      saveLocal(renameView(views, id, clean));
      return { ok: true };
    },
    togglePin: async (id) => {
      const result = togglePin(views, id);
      if (result.full) return { ok: false, reason: 'pins-full' };
      const pinned = Boolean(result.views.find((v) => v.id === id)?.pinned);
      if (backend) return send({ kind: 'pin', id, pinned });
      saveLocal(result.views);
      return { ok: true };
    },
    remove: async (id) => {
      if (backend) return send({ kind: 'delete', id });
      saveLocal(removeView(views, id));
      return { ok: true };
    },
  };
}
