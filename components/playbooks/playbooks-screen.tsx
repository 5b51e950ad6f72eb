'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { CardGrid } from '@/components/list/card-grid';
import { ListToolbar } from '@/components/list/list-toolbar';
import { UrlSearchBox } from '@/components/list/search-box';
import { QueryState } from '@/components/list/query-state';
import { ActionTypeList } from '@/components/playbooks/action-type-list';
import { Button } from '@/components/ui/button';
import { RunStatusBadge } from '@/components/playbooks/playbook-cells';
import { PlaybookIcon } from '@/components/playbooks/playbook-icon';
import type { Playbook, RecentRun } from '@/lib/playbooks/endpoints';
import { playbookActionTypes } from '@/lib/playbooks/action-types';
import { playbookQueries, RECENT_RUNS_DAYS } from '@/lib/playbooks/queries';
import { playbookHref } from '@/lib/playbooks/href';
import { playbookRunsHref } from '@/lib/playbooks/search';
import { filterPlaybooks, playbookCategory, playbooksSearch } from '@/lib/playbooks/playbooks-search';
import { useUrlState } from '@/lib/search-params/use-url-state';

// Loaded on first use: the run dialog (form kit, zod, react-hook-form) and the playbook editor (code editor).
const RunPlaybookDialog = dynamic(
  () => import('@/components/playbooks/run-dialog').then((m) => m.RunPlaybookDialog),
  { ssr: false },
);
const PlaybookEditor = dynamic(
  () => import('@/components/playbooks/playbook-editor').then((m) => m.PlaybookEditor),
  { ssr: false },
);

export interface PlaybooksScreenProps {
  /** Write on playbook_runs: Run. */
  canRun: boolean;
  /** Write on playbooks: New, Edit, Delete. */
  canEdit: boolean;
}

interface RunStats {
  count: number;
  last: RecentRun | null;
}

function statsByPlaybook(runs: readonly RecentRun[]): Map<string, RunStats> {
  const out = new Map<string, RunStats>();
  // Runs arrive newest first, so the first one seen is the last run.
  for (const run of runs) {
    const s = out.get(run.playbook_id) ?? { count: 0, last: run };
    s.count += 1;
    out.set(run.playbook_id, s);
  }
  return out;
}

/** An id-safe form of a category name (ids in aria-labelledby are space-separated). */
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function groupByCategory(playbooks: readonly Playbook[]): [string, Playbook[]][] {
  const groups = new Map<string, Playbook[]>();
  for (const p of playbooks) {
    const category = playbookCategory(p);
    groups.set(category, [...(groups.get(category) ?? []), p]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function PlaybookCard({
  playbook,
  stats,
  canRun,
  canEdit,
  onRun,
  onEdit,
}: {
  playbook: Playbook;
  stats: RunStats | undefined;
  canRun: boolean;
  canEdit: boolean;
  onRun: () => void;
  onEdit: () => void;
}) {
  const title = playbook.title || playbook.name;
  const kinds = playbookActionTypes(playbook.spec);
  const editable = canEdit && (playbook.source ?? 'UI') === 'UI';
  return (
    <li className="flex h-full flex-col gap-2 rounded-lg border border-border p-4">
      <div className="flex items-start gap-2">
        <PlaybookIcon icon={playbook.icon} className="mt-0.5 size-5" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words">
            <Link href={playbookHref(playbook.id)} className="hover:underline">
              {title}
            </Link>
          </h3>
          {playbook.title && <p className="text-xs text-muted-foreground">{playbook.name}</p>}
        </div>
      </div>
      {playbook.description && <p className="text-sm text-muted-foreground">{playbook.description}</p>}
      <ActionTypeList kinds={kinds} />
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-2 text-sm">
        <Link
          href={playbookRunsHref(playbook.id)}
          className="text-primary underline-offset-2 hover:underline"
          aria-label={`Runs of ${title}`}
        >
          {stats
            ? `${stats.count} ${stats.count === 1 ? 'run' : 'runs'} in ${RECENT_RUNS_DAYS} days`
            : 'No recent runs'}
        </Link>
        {stats?.last && <RunStatusBadge status={stats.last.status} />}
        <span className="flex-1" />
        {editable && (
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${title}`}>
            Edit
          </Button>
        )}
        {canRun && (
          <Button size="sm" variant="outline" onClick={onRun} aria-label={`Run ${title}`}>
            Run
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * /playbooks: playbooks grouped by category as cards, with their action kinds and recent runs; Run, New, Edit. The
 * search (`?query=`) narrows the cards in the browser: the list is small and already here whole.
 */
export function PlaybooksScreen({ canRun, canEdit }: PlaybooksScreenProps) {
  const urlState = useUrlState(playbooksSearch);
  const query = urlState[0].query;
  const playbooks = useQuery(playbookQueries.list());
  const shown = React.useMemo(
    () => (playbooks.data ? filterPlaybooks(playbooks.data, query) : undefined),
    [playbooks.data, query],
  );
  const recent = useQuery(playbookQueries.recentRuns());
  const stats = React.useMemo(() => statsByPlaybook(recent.data ?? []), [recent.data]);
  const [running, setRunning] = React.useState<string | null>(null);
  const [editing, setEditing] = React.useState<Playbook | 'new' | null>(null);
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4">
      <ListToolbar label="Playbooks" className="items-center">
        <UrlSearchBox urlState={urlState} param="query" label="Search playbooks" />
        <Link href="/playbooks/runs" className="text-sm text-primary underline-offset-2 hover:underline">
          All runs
        </Link>
        {canEdit && (
          <Button className="ml-auto" onClick={() => setEditing('new')}>
            New playbook
          </Button>
        )}
      </ListToolbar>
      <QueryState
        query={{ ...playbooks, data: shown }}
        empty="No playbooks found"
        errorTitle="The playbooks could not be loaded"
      >
        {(list) =>
          groupByCategory(list).map(([category, items]) => (
            <section key={category} aria-labelledby={`category-${slug(category)}`} className="space-y-2">
              <h2 id={`category-${slug(category)}`} className="text-sm font-semibold text-muted-foreground">
                {category}
              </h2>
              <CardGrid minWidth={300} label={`${category} playbooks`}>
                {items.map((p) => (
                  <PlaybookCard
                    key={p.id}
                    playbook={p}
                    stats={stats.get(p.id)}
                    canRun={canRun}
                    canEdit={canEdit}
                    onRun={() => setRunning(p.id)}
                    onEdit={() => setEditing(p)}
                  />
                ))}
              </CardGrid>
            </section>
          ))
        }
      </QueryState>
      {running && (
        <RunPlaybookDialog open onOpenChange={(open) => !open && setRunning(null)} playbookId={running} />
      )}
      {editing && (
        <PlaybookEditor
          open
          playbook={editing === 'new' ? null : editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
    </div>
  );
}
