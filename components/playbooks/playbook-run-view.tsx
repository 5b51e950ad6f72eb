'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '@/components/list/query-state';
import { SpecSection } from '@/components/playbooks/spec-section';
import { Age } from '@/components/widgets/age';
import { useNow } from '@/components/widgets/use-now';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ActionResult, LogView } from '@/components/playbooks/action-result';
import {
  ResourceLink,
  RunResourceLink,
  RunStatusBadge,
  type RunResourceKind,
} from '@/components/playbooks/playbook-cells';
import { PlaybookIcon } from '@/components/playbooks/playbook-icon';
import type { PlaybookRun, RunAction } from '@/lib/playbooks/endpoints';
import { formatDuration } from '@/lib/format/duration';
import { ACTION_TYPE_LABELS, runActionType } from '@/lib/playbooks/action-types';
import {
  isSecretParameter,
  parameterKind,
  withoutSecretParameters,
  type ParameterDefinition,
} from '@/lib/playbooks/parameter-kinds';
import {
  isAwaitingApproval,
  isCancellable,
  isFinalRunStatus,
  runDurationMs,
} from '@/lib/playbooks/run-status';
import { playbookRunQueries } from '@/lib/playbooks/run-queries';
import { resourceQueries, teamHref, type ResourceKind } from '@/lib/resources';
import { formatBytes } from '@/lib/format/bytes';
import { peopleQueries } from '@/lib/access';
import { playbookRunHref, playbookRunsHref } from '@/lib/playbooks/href';

// Loaded when used: the decisions' confirm dialogs and mutations, the run dialog.
const RunDecisions = dynamic(
  () => import('@/components/playbooks/run-decisions').then((m) => m.RunDecisions),
  { ssr: false },
);
const RunPlaybookDialog = dynamic(
  () => import('@/components/playbooks/run-dialog').then((m) => m.RunPlaybookDialog),
  { ssr: false },
);

export interface PlaybookRunViewProps {
  runId: string;
  /** Write on playbook_runs: Re-run. */
  canRun: boolean;
  /** Approve and cancel: admin by the backend's default ABAC (backend-contract §3.4). */
  canDecide: boolean;
  /**
   * When the server rendered the page (ms): running durations and ages count to it until hydrated, so the server's
   * text and the browser's first render agree. The server page passes it; without it the browser's clock is used.
   */
  renderedAt?: number;
}

const titleOf = (run: PlaybookRun) => run.playbooks?.title || run.playbooks?.name || 'Playbook run';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

const RESOURCE_KINDS = {
  config: 'configs',
  component: 'components',
  check: 'checks',
} as const satisfies Record<RunResourceKind, ResourceKind>;

/** A picked resource by name, linked to its page; by id when the backend does not name it (deleted, or refused). */
function ParameterResource({
  kind,
  id,
  names,
}: {
  kind: RunResourceKind;
  id: string;
  names: UseQueryResult<Map<string, string>>;
}) {
  if (names.isLoading) return <Skeleton className="inline-block h-4 w-32 align-middle" />;
  return <ResourceLink kind={kind} id={id} name={names.data?.get(id)} />;
}

/** Parameter values; people and teams by name (linked), picked resources by name and linked to their pages. */
function Parameters({ run }: { run: PlaybookRun }) {
  const values = run.parameters ?? {};
  const defs = (Array.isArray(run.spec?.parameters) ? run.spec.parameters : []) as ParameterDefinition[];
  const kindOf = (name: string) => {
    const def = defs.find((d) => d.name === name);
    return def ? parameterKind(def) : 'text';
  };
  const ids = (kind: string) =>
    Object.entries(values)
      .filter(([k, v]) => kindOf(k) === kind && typeof v === 'string' && v !== '')
      .map(([, v]) => String(v));
  const personIds = ids('people');
  const teamIds = ids('team');
  const people = useQuery({ ...peopleQueries.byIds(personIds), enabled: personIds.length > 0 });
  const teams = useQuery({ ...playbookRunQueries.teamsByIds(teamIds), enabled: teamIds.length > 0 });
  const resourceNames = {
    config: useQuery(resourceQueries.names(RESOURCE_KINDS.config, ids('config'))),
    component: useQuery(resourceQueries.names(RESOURCE_KINDS.component, ids('component'))),
    check: useQuery(resourceQueries.names(RESOURCE_KINDS.check, ids('check'))),
  };
  const entries = Object.entries(values);
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No parameters.</p>;
  const labelOf = (name: string) => defs.find((d) => d.name === name)?.label || name;
  const render = (name: string, value: unknown) => {
    const v = typeof value === 'string' ? value : JSON.stringify(value);
    const def = defs.find((d) => d.name === name);
    const kind = kindOf(name);
    switch (kind) {
      case 'people':
        return people.data?.find((p) => p.id === v)?.name ?? v;
      case 'team': {
        const team = teams.data?.find((t) => t.id === v);
        return (
          <Link href={teamHref(v)} className="text-primary hover:underline">
            {team?.name ?? v}
          </Link>
        );
      }
      case 'config':
      case 'component':
      case 'check':
        return v ? <ParameterResource kind={kind} id={v} names={resourceNames[kind]} /> : '—';
      case 'code':
        return <pre className="max-h-48 overflow-auto rounded bg-muted/50 p-2 font-mono text-xs">{v}</pre>;
      default:
        // A secret parameter is stored write-only (the backend sends the mask); the page says only that it was set.
        return def && isSecretParameter(def) ? '••••••••' : <span className="font-mono text-xs">{v}</span>;
    }
  };
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map(([name, value]) => (
        <Field key={name} label={labelOf(name)}>
          {render(name, value)}
        </Field>
      ))}
    </dl>
  );
}

function Artifacts({ artifacts }: { artifacts: RunAction['artifacts'] }) {
  if (!artifacts) return null;
  if (!Array.isArray(artifacts))
    return <p className="text-xs text-muted-foreground">Artifacts are only visible to administrators.</p>;
  return (
    <section aria-label="Artifacts" className="space-y-1">
      <h4 className="text-xs font-medium text-muted-foreground">Artifacts</h4>
      <ul className="space-y-1 text-sm">
        {artifacts.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-2">
            <a
              href={`/api/artifacts/download/${encodeURIComponent(a.id)}`}
              download={a.filename}
              className="text-primary underline-offset-2 hover:underline"
            >
              {a.filename}
            </a>
            <span className="text-xs text-muted-foreground">
              {[a.content_type, typeof a.size === 'number' ? formatBytes(a.size) : null]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Actions({ run, runs, now }: { run: PlaybookRun; runs: PlaybookRun[]; now: number }) {
  const runIds = React.useMemo(() => runs.map((r) => r.id), [runs]);
  const actions = useQuery(playbookRunQueries.runActions(run.id, run.status));
  const errors = useQuery({ ...playbookRunQueries.actionErrors(run.id, runIds, run.status) });
  const specOf = (a: RunAction) => runs.find((r) => r.id === a.playbook_run_id)?.spec ?? run.spec;
  return (
    <QueryState query={actions} empty="No actions have run yet" errorTitle="The actions could not be loaded">
      {(list) => (
        <ol className="space-y-2">
          {list.map((a, index) => {
            const type = runActionType(specOf(a), a.name);
            const error = errors.data?.find((e) => e.id === a.id)?.error;
            const open = a.status === 'failed' || index === list.length - 1;
            return (
              <li key={a.id} className="rounded-md border border-border">
                <details open={open}>
                  <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                    <span className="font-medium">{a.name}</span>
                    {type && (
                      <span className="rounded bg-muted px-1.5 py-0.5 text-xs">
                        {ACTION_TYPE_LABELS[type]}
                      </span>
                    )}
                    <RunStatusBadge status={a.status} />
                    <span className="text-xs text-muted-foreground">
                      <Age from={a.start_time} now={now} />
                      {a.start_time ? ` · ${formatDuration(runDurationMs(a, now))}` : ''}
                    </span>
                    {a.agent?.name && (
                      <span className="text-xs text-muted-foreground">{`on ${a.agent.name}`}</span>
                    )}
                  </summary>
                  <div className="space-y-3 border-t border-border px-3 py-3">
                    {error && <LogView label="Error" value={error} tone="error" />}
                    <ActionResult result={a.result} />
                    <Artifacts artifacts={a.artifacts} />
                  </div>
                </details>
              </li>
            );
          })}
        </ol>
      )}
    </QueryState>
  );
}

/** /playbooks/runs/{id}: the run, its child runs and actions, live every 2 s until it is final; approve, cancel, re-run. */
export function PlaybookRunView({ runId, canRun, canDecide, renderedAt }: PlaybookRunViewProps) {
  const runs = useQuery(playbookRunQueries.run(runId));
  const now = useNow(renderedAt, !isFinalRunStatus(runs.data?.find((r) => r.id === runId)?.status));
  const [rerun, setRerun] = React.useState(false);
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4">
      <QueryState
        query={runs}
        empty="This playbook run was not found"
        errorTitle="The playbook run could not be loaded"
        isEmpty={(rows) => !rows.some((r) => r.id === runId)}
      >
        {(rows) => {
          const run = rows.find((r) => r.id === runId)!;
          const children = rows.filter((r) => r.parent_id === runId);
          const approvals = run.playbook_approvals ?? [];
          const live = !isFinalRunStatus(run.status);
          return (
            <>
              <header className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="flex items-center gap-2 text-lg font-semibold">
                    <PlaybookIcon icon={run.playbooks?.icon} className="size-5" />
                    <Link href={playbookRunsHref(run.playbook_id ?? '')} className="hover:underline">
                      {titleOf(run)}
                    </Link>
                    <RunStatusBadge status={run.status} data-testid="run-status" />
                  </h2>
                  {live && (
                    <p role="status" className="mt-1 text-xs text-muted-foreground">
                      Live: refreshing every 2 seconds until the run finishes.
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  {canDecide && (isAwaitingApproval(run.status) || isCancellable(run.status)) && (
                    <RunDecisions
                      runId={run.id}
                      canApprove={isAwaitingApproval(run.status)}
                      canCancel={isCancellable(run.status)}
                    />
                  )}
                  {canRun && run.playbook_id && (
                    <Button variant="outline" onClick={() => setRerun(true)}>
                      Re-run
                    </Button>
                  )}
                </div>
              </header>
              <dl className="grid grid-cols-2 gap-3 rounded-md border border-border p-3 sm:grid-cols-3 lg:grid-cols-6">
                <Field label="Resource">
                  <RunResourceLink run={run} />
                </Field>
                <Field label="Started">
                  {run.start_time ? <Age from={run.start_time} now={now} /> : 'Not started'}
                </Field>
                <Field label="Ended">{run.end_time ? <Age from={run.end_time} now={now} /> : '—'}</Field>
                <Field label="Duration">{formatDuration(runDurationMs(run, now))}</Field>
                <Field label="Started by">
                  {run.created_by?.name ?? (run.notification_send_id ? 'A notification' : '—')}
                </Field>
                <Field label="Created">
                  <Age from={run.created_at} now={now} />
                </Field>
              </dl>
              {run.error && <LogView label="Run error" value={run.error} tone="error" />}
              <section aria-labelledby="run-parameters" className="space-y-2">
                <h3 id="run-parameters" className="text-sm font-semibold">
                  Parameters
                </h3>
                <Parameters run={run} />
              </section>
              {(approvals.length > 0 || isAwaitingApproval(run.status)) && (
                <section aria-labelledby="run-approvals" className="space-y-2">
                  <h3 id="run-approvals" className="text-sm font-semibold">
                    Approvals
                  </h3>
                  {approvals.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Waiting for approval.</p>
                  ) : (
                    <ul className="space-y-1 text-sm">
                      {approvals.map((a, i) => (
                        <li key={a.id ?? i}>
                          {a.person_id?.name
                            ? `${a.person_id.name} (person)`
                            : a.team_id?.name
                              ? `${a.team_id.name} (team)`
                              : 'Unknown approver'}
                          {a.created_at && (
                            <span className="text-muted-foreground">
                              {' · '}
                              <Age from={a.created_at} now={now} />
                            </span>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              )}
              {children.length > 0 && (
                <section aria-labelledby="run-children" className="space-y-2">
                  <h3 id="run-children" className="text-sm font-semibold">
                    Child runs
                  </h3>
                  <ul className="space-y-1 text-sm">
                    {children.map((c) => (
                      <li key={c.id} className="flex flex-wrap items-center gap-2">
                        <Link href={playbookRunHref(c.id)} className="text-primary hover:underline">
                          {titleOf(c)}
                        </Link>
                        <RunStatusBadge status={c.status} />
                        <RunResourceLink run={c} />
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              <section aria-labelledby="run-actions" className="space-y-2">
                <h3 id="run-actions" className="text-sm font-semibold">
                  Actions
                </h3>
                <Actions run={run} runs={rows} now={now} />
              </section>
              <SpecSection spec={run.spec ?? {}} />
              {rerun && run.playbook_id && (
                <RunPlaybookDialog
                  open
                  onOpenChange={setRerun}
                  playbookId={run.playbook_id}
                  target={
                    run.config_id
                      ? { config_id: run.config_id }
                      : run.component_id
                        ? { component_id: run.component_id }
                        : run.check_id
                          ? { check_id: run.check_id }
                          : null
                  }
                  previousParams={withoutSecretParameters(run.parameters, run.spec?.parameters)}
                />
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
