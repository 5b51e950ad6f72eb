'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { StatusDot } from '@/components/widgets/status-dot';
import { useIncidentAction } from '@/components/incidents/use-incident-action';
import type { Evidence } from '@/lib/incidents/endpoints';
import { timeRangeStartIso, checkQueries, checkHref } from '@/lib/health';
import { DEFAULT_SIMPLE_TIME_RANGE, isSimpleTimeRange } from '@/lib/time-range/ranges';
import { catalogItemHref } from '@/lib/catalog';
import { componentHref } from '@/lib/topology';
import { LazyChangeDialog } from '@/components/catalog';

const ConfirmDialog = dynamic(
  () => import('@/components/widgets/confirm-dialog').then((m) => m.ConfirmDialog),
  {
    ssr: false,
  },
);

// The catalog's change dialog (diff, details, patches) loads when a config change evidence is opened.

/** A config change evidence: its type and summary, and the change's diff in the catalog's dialog. */
function ConfigChangeEvidence({ evidence }: { evidence: Evidence }) {
  const [open, setOpen] = React.useState(false);
  const changeId = evidence.config_change_id ?? evidence.config_change?.id ?? null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>
        <span className="font-medium">{evidence.config_change?.change_type ?? 'Change'}</span>
        {evidence.config_change?.summary && (
          <span className="ml-1 text-muted-foreground">{evidence.config_change.summary}</span>
        )}
      </span>
      {changeId && (
        <Button size="sm" variant="ghost" className="h-7" onClick={() => setOpen(true)}>
          Show diff
        </Button>
      )}
      {open && changeId && <LazyChangeDialog changeId={changeId} onClose={() => setOpen(false)} />}
    </span>
  );
}

const EVIDENCE_TYPE_LABELS: Record<string, string> = {
  config: 'Config',
  config_change: 'Config change',
  config_analysis: 'Config analysis',
  topology: 'Topology component',
  check: 'Check',
  log: 'Log',
  comment: 'Comment',
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Durations as a small line (no chart library on this page): newest right, scaled to the largest. */
export function LatencySparkline({ values, label }: { values: readonly number[]; label: string }) {
  if (values.length < 2) return <span className="text-xs text-muted-foreground">No latency data</span>;
  const max = Math.max(...values, 1);
  const points = values
    .map((v, i) => `${((i / (values.length - 1)) * 100).toFixed(1)},${(28 - (v / max) * 26).toFixed(1)}`)
    .join(' ');
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 100 30"
      preserveAspectRatio="none"
      className="h-8 w-40 text-primary"
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** A check evidence: the check's status and its latency over the range it was linked with (properties.timeRange). */
function CheckEvidence({ evidence }: { evidence: Evidence }) {
  const checkId = evidence.check_id ?? evidence.check?.id ?? '';
  const stored = record(evidence.properties).timeRange;
  const range = isSimpleTimeRange(stored) ? stored : DEFAULT_SIMPLE_TIME_RANGE;
  const [since] = React.useState(() => timeRangeStartIso(range));
  const graph = useQuery({ ...checkQueries.graph(checkId, since), enabled: Boolean(checkId) });
  const durations = (graph.data?.status ?? []).flatMap((b) =>
    typeof b.duration === 'number' ? [b.duration] : [],
  );
  const name = evidence.check?.name ?? checkId;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <StatusDot status={evidence.check?.status ?? null} />
      <Link href={checkHref(checkId, range)} className="font-medium hover:underline">
        {name}
      </Link>
      {graph.isError ? (
        <span className="text-xs text-muted-foreground">Latency unavailable</span>
      ) : (
        <LatencySparkline values={durations} label={`Latency of ${name} over ${range}`} />
      )}
    </div>
  );
}

function EvidenceBody({ evidence }: { evidence: Evidence }) {
  const data = record(evidence.evidence);
  switch (evidence.type) {
    case 'config':
      return evidence.config_id ? (
        <Link href={catalogItemHref(evidence.config_id)} className="font-medium hover:underline">
          {evidence.config?.name ?? evidence.config_id}
          {evidence.config?.type && (
            <span className="ml-1 text-xs text-muted-foreground">{evidence.config.type}</span>
          )}
        </Link>
      ) : null;
    case 'config_change':
      return <ConfigChangeEvidence evidence={evidence} />;
    case 'config_analysis':
      return (
        <span>
          <span className="font-medium">{evidence.config_analysis?.analyzer ?? 'Analysis'}</span>
          {evidence.config_analysis?.message && (
            <span className="ml-1 text-muted-foreground">{evidence.config_analysis.message}</span>
          )}
        </span>
      );
    case 'topology':
      return evidence.component_id ? (
        <Link
          href={componentHref(evidence.component_id)}
          className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 hover:bg-accent"
        >
          <StatusDot status={evidence.component?.status ?? null} />
          <span className="font-medium">{evidence.component?.name ?? evidence.component_id}</span>
          {evidence.component?.type && (
            <span className="text-xs text-muted-foreground">{evidence.component.type}</span>
          )}
        </Link>
      ) : null;
    case 'check':
      return <CheckEvidence evidence={evidence} />;
    case 'log': {
      const lines = Array.isArray(data.lines) ? data.lines.map(String) : [];
      return lines.length > 0 ? (
        <pre className="overflow-x-auto rounded bg-muted p-2 font-mono text-xs">{lines.join('\n')}</pre>
      ) : null;
    }
    default: {
      const text =
        typeof data.comment === 'string' ? data.comment : typeof data.note === 'string' ? data.note : null;
      return text ? <p className="text-muted-foreground">{text}</p> : null;
    }
  }
}

/** One evidence: its rendering by type, definition of done, done and script (editable), delete with confirm. */
export function EvidenceItem({
  evidence,
  incidentId,
  canWrite,
}: {
  evidence: Evidence;
  incidentId: string;
  canWrite: boolean;
}) {
  const update = useIncidentAction(
    incidentId,
    (e, patch: { definition_of_done?: boolean; done?: boolean; script?: string | null }) =>
      e.updateEvidenceEndpoint(evidence.id, patch),
  );
  const remove = useIncidentAction(
    incidentId,
    (e, _: null) => e.deleteEvidenceEndpoint(evidence.id),
    () => 'Evidence deleted successfully',
  );
  const [script, setScript] = React.useState(evidence.script ?? '');
  const [confirming, setConfirming] = React.useState(false);
  const label = evidence.description || EVIDENCE_TYPE_LABELS[evidence.type] || evidence.type;
  return (
    <li
      className="flex min-w-0 flex-col gap-2 rounded-md border border-border p-3 text-sm"
      aria-label={`Evidence: ${label}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{EVIDENCE_TYPE_LABELS[evidence.type] ?? evidence.type}</Badge>
        <span className="min-w-0 break-words">{evidence.description}</span>
        {canWrite && (
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto h-7 text-destructive"
            onClick={() => setConfirming(true)}
            aria-label={`Delete evidence ${label}`}
          >
            Delete
          </Button>
        )}
      </div>
      <EvidenceBody evidence={evidence} />
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-1.5">
          <input
            type="checkbox"
            checked={Boolean(evidence.definition_of_done)}
            disabled={!canWrite || update.pending}
            onChange={(e) => void update.run({ definition_of_done: e.target.checked }).catch(() => undefined)}
          />
          Definition of done
        </label>
        {evidence.definition_of_done && (
          <label className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={Boolean(evidence.done)}
              disabled={!canWrite || update.pending}
              onChange={(e) => void update.run({ done: e.target.checked }).catch(() => undefined)}
            />
            Done
          </label>
        )}
      </div>
      {canWrite ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void update.run({ script: script.trim() || null }).catch(() => undefined);
          }}
        >
          <Input
            aria-label={`Script of ${label}`}
            placeholder="Script"
            value={script}
            onChange={(e) => setScript(e.target.value)}
            className="h-8 min-w-40 flex-1 font-mono text-xs"
          />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={update.pending || script === (evidence.script ?? '')}
          >
            Save script
          </Button>
        </form>
      ) : (
        evidence.script && <code className="font-mono text-xs">{evidence.script}</code>
      )}
      {evidence.script_result && (
        <pre className="overflow-x-auto rounded bg-muted p-2 font-mono text-xs">{evidence.script_result}</pre>
      )}
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={`Delete ${label}`}
          pendingLabel="Deleting..."
          onConfirm={() => remove.run(null)}
        />
      )}
    </li>
  );
}
