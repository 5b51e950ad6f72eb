'use client';

import * as React from 'react';
import { useNow } from '@/components/widgets/use-now';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Loader2, Play } from 'lucide-react';
import { stringify } from 'yaml';
import { ErrorPanel } from '@/components/shell/error-panel';
import { Unauthorized } from '@/components/shell/unauthorized';
import { Age } from '@/components/widgets/age';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogSize,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SimpleTimeRangeSelect } from '@/components/widgets/simple-time-range-select';
import { usePreferences } from '@/components/shell/preferences-provider';
import { useAccess } from '@/components/shell/session-provider';
import { CheckHistory } from '@/components/health/check-history';
import { CheckIcon } from '@/components/health/check-icon';
import { LinkIncidentButton } from '@/components/incidents';
import { RunPlaybookButton } from '@/components/playbooks';
import { isForbiddenError } from '@/lib/backend/error-status';
import type { CheckDetail } from '@/lib/health/check-endpoints';
import { formatDuration } from '@/lib/format/duration';
import { formatUptime } from '@/lib/format/percent';
import { checkDisplayName } from '@/lib/health/check-name';
import { checkTimeRange, timeRangeStartIso } from '@/lib/health/time-range';
import type { HealthCheck } from '@/lib/health/types';
import type { RunCheckResult } from '@/lib/health/endpoints';
import { useCheckCanary, useCheckDetail, useCheckGraph, useRunCheckNow } from '@/lib/health/check-queries';
import { durationLabel, type SimpleTimeRange } from '@/lib/time-range/ranges';
import { silenceAddHref } from '@/lib/notifications';
import { catalogItemHref } from '@/lib/catalog';
import { canaryHref } from '@/lib/resources';
import { componentHref } from '@/lib/topology';
import { cn } from '@/lib/utils';

const HealthOverviewChart = dynamic(
  () => import('@/components/health/health-overview-chart').then((m) => m.HealthOverviewChart),
  {
    ssr: false,
    loading: () => <Skeleton className="h-48 w-full" />,
  },
);
const YamlCodeView = dynamic(() => import('@/components/health/yaml-code-view').then((m) => m.YamlCodeView), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});

/** Screens at most this tall move the chart into its own Graph tab (spec 000 §2). */
const SHORT_SCREEN_QUERY = '(max-height: 800px)';

function useShortScreen(): boolean {
  const [short, setShort] = React.useState(false);
  React.useEffect(() => {
    const mql = window.matchMedia(SHORT_SCREEN_QUERY);
    const update = () => setShort(mql.matches);
    update();
    mql.addEventListener('change', update);
    return () => mql.removeEventListener('change', update);
  }, []);
  return short;
}

function MetricCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-md border border-border p-3">
      <dt className="text-xs text-muted-foreground">{title}</dt>
      <dd className="mt-1 text-sm font-medium">{children}</dd>
    </div>
  );
}

function severityOf(check: CheckDetail | null | undefined): string | undefined {
  if (check?.severity) return check.severity;
  const spec = check?.spec;
  if (spec && typeof spec === 'object' && 'severity' in spec && typeof spec.severity === 'string')
    return spec.severity;
  return undefined;
}

/** Edit link to the canary settings, or where the resource is defined when it comes from elsewhere. */
function EditLink({ check }: { check: CheckDetail }) {
  const source = check.canaries?.source ?? '';
  if (source.startsWith('component/')) {
    const id = source.slice('component/'.length);
    return (
      <Button asChild variant="outline">
        <Link href={componentHref(id)}>View source component</Link>
      </Button>
    );
  }
  if (source.toLowerCase().startsWith('kubernetes') || source.startsWith('component')) {
    return (
      <p className="self-center text-sm text-muted-foreground">Defined by {source}; edit it at its source.</p>
    );
  }
  if (!check.canary_id) return null;
  return (
    <Button asChild variant="outline">
      <Link href={canaryHref(check.canary_id)}>Edit</Link>
    </Button>
  );
}

/** A related component or config: a link in the console, its name alone where that page does not exist. */
function RelationshipName({ href, name, linked }: { href: string; name: string; linked: boolean }) {
  return linked ? (
    <Link href={href} className="hover:underline">
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
}

function RunResult({ result }: { result: RunCheckResult }) {
  if (!result) return <span>The check ran.</span>;
  const passed = result.pass === true;
  return (
    <span>
      {result.pass === undefined || result.pass === null ? 'The check ran' : passed ? 'Passed' : 'Failed'}
      {result.duration !== undefined && result.duration !== null
        ? ` in ${formatDuration(result.duration)}`
        : ''}
      {result.error ? `: ${result.error}` : result.message ? `: ${result.message}` : ''}
    </span>
  );
}

function RunNow({ checkId, onCheckRan }: { checkId: string; onCheckRan: () => void }) {
  const run = useRunCheckNow(checkId, onCheckRan);
  return (
    <div className="flex items-center gap-3">
      <p role="status" aria-live="polite" className="text-sm">
        {run.isPending ? (
          'Running…'
        ) : run.isSuccess ? (
          <RunResult result={run.data} />
        ) : run.isError ? (
          <span className="text-destructive">{run.error.message}</span>
        ) : null}
      </p>
      <Button onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
        Run Now
      </Button>
    </div>
  );
}

export interface CheckPanelProps {
  checkId: string;
  timeRange: SimpleTimeRange | null;
  onTimeRangeChange: (range: SimpleTimeRange) => void;
  onClose: () => void;
  canRunChecks: boolean;
  standalone: boolean;
  /** Called after Run Now succeeds, so the list shows the new result. */
  onCheckRan: () => void;
  /** The list's row, shown at once while the check loads. */
  summaryCheck?: HealthCheck;
}

/** The check detail panel (spec 000 §2): a modal whose check and time range live in the URL. */
export function CheckPanel({
  checkId,
  timeRange,
  onTimeRangeChange,
  onClose,
  canRunChecks,
  standalone,
  onCheckRan,
  summaryCheck,
}: CheckPanelProps) {
  const { preferences } = usePreferences();
  const canSilence = useAccess().canOpen('/notifications/silences/add');
  // Spec 000 §2: a full-size modal, with the size toggle.
  const [size, setSize] = React.useState<DialogSize>('full');
  const short = useShortScreen();
  const detail = useCheckDetail(checkId);
  const check = detail.data;
  const range = checkTimeRange(timeRange, check?.last_runtime ?? summaryCheck?.last_runtime);
  // One start per check and range, so that the graph and history keys stay stable while the panel is open.
  const since = React.useMemo(() => timeRangeStartIso(range), [range, checkId]); // eslint-disable-line react-hooks/exhaustive-deps
  const graph = useCheckGraph(checkId, since);
  const canary = useCheckCanary(check?.canary_id);
  // Relative times tick while the panel is open (issue 32), on the page's one clock.
  const now = useNow(undefined, true);
  const [tab, setTab] = React.useState('history');
  const activeTab = tab === 'graph' && !short ? 'history' : tab;

  const title = check?.name || (summaryCheck ? checkDisplayName(summaryCheck) : 'Check');
  const components = (check?.components ?? []).flatMap((r) => (r.components ? [r.components] : []));
  const configs = (check?.configs ?? []).flatMap((r) => (r.configs ? [r.configs] : []));
  const relationshipCount = components.length + configs.length;
  const uptime = graph.data?.uptime;
  const latency = graph.data?.latency;
  const specYaml = React.useMemo(() => {
    const spec = canary.data?.spec ?? check?.spec;
    return spec === undefined || spec === null ? '' : stringify(spec);
  }, [canary.data?.spec, check?.spec]);
  const fmt = { format: preferences.datetimeFormat, timezone: preferences.timezone };

  const chart = graph.error ? (
    isForbiddenError(graph.error) ? (
      <Unauthorized compact />
    ) : (
      <ErrorPanel error={graph.error} title="The health overview could not be loaded" hideDetails />
    )
  ) : graph.isPending ? (
    <Skeleton className="h-48 w-full" />
  ) : (
    <HealthOverviewChart graph={graph.data} />
  );

  let content: React.ReactNode;
  if (detail.error && isForbiddenError(detail.error)) content = <Unauthorized />;
  else if (detail.error)
    content = <ErrorPanel error={detail.error} title="The check could not be loaded" hideDetails />;
  else if (detail.isSuccess && !check) content = <p className="p-4 text-sm">This check was not found.</p>;
  else
    content = (
      <div className="space-y-4">
        <dl className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-6">
          <MetricCard title="Uptime">
            {uptime ? (
              <>
                {formatUptime(uptime.passed, uptime.failed) || '–'}
                <span className="block text-xs font-normal text-muted-foreground">
                  {uptime.passed ?? 0} passed, {uptime.failed ?? 0} failed
                </span>
              </>
            ) : (
              '–'
            )}
          </MetricCard>
          <MetricCard title="Latency">
            <span className="block text-xs font-normal">95%: {formatDuration(latency?.p95) || '–'}</span>
            <span className="block text-xs font-normal">97%: {formatDuration(latency?.p97) || '–'}</span>
            <span className="block text-xs font-normal">99%: {formatDuration(latency?.p99) || '–'}</span>
          </MetricCard>
          <MetricCard title="Severity">{severityOf(check) ?? '–'}</MetricCard>
          <MetricCard title="Last Run">
            {check?.last_runtime ? <Age from={check.last_runtime} now={now} mode="relative" {...fmt} /> : '–'}
            {check?.last_transition_time && (
              <span className="block text-xs font-normal text-muted-foreground">
                transitioned <Age from={check.last_transition_time} now={now} mode="relative" {...fmt} />
              </span>
            )}
          </MetricCard>
          <MetricCard title="Next Run">
            {check?.next_runtime ? <Age from={check.next_runtime} now={now} mode="relative" {...fmt} /> : '–'}
          </MetricCard>
          <MetricCard title="Time Range">
            <SimpleTimeRangeSelect value={range} onChange={onTimeRangeChange} className="h-8 w-full" />
          </MetricCard>
        </dl>
        {!short && (
          <section aria-label="Health Overview">
            <h3 className="mb-1 text-sm font-medium">Health Overview</h3>
            {chart}
          </section>
        )}
        <Tabs value={activeTab} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="history">History</TabsTrigger>
            {short && <TabsTrigger value="graph">Graph</TabsTrigger>}
            <TabsTrigger value="spec">Spec</TabsTrigger>
            <TabsTrigger value="relationships">
              Relationships
              <Badge variant="secondary" className="ml-1">
                {relationshipCount}
              </Badge>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="history">
            <CheckHistory checkId={checkId} since={since} />
          </TabsContent>
          {short && <TabsContent value="graph">{chart}</TabsContent>}
          <TabsContent value="spec">
            {canary.error && isForbiddenError(canary.error) ? (
              <Unauthorized compact />
            ) : specYaml ? (
              <YamlCodeView value={specYaml} label="Check spec (read-only YAML)" />
            ) : canary.isLoading || detail.isPending ? (
              <Skeleton className="h-40 w-full" />
            ) : (
              <p className="p-4 text-sm text-muted-foreground">No details found</p>
            )}
          </TabsContent>
          <TabsContent value="relationships">
            {relationshipCount === 0 ? (
              <p className="p-4 text-sm text-muted-foreground">No details found</p>
            ) : (
              <ul className="divide-y divide-border rounded-md border border-border">
                {components.map((c) => (
                  <li key={`component:${c.id}`} className="flex items-center justify-between p-2 text-sm">
                    <RelationshipName href={componentHref(c.id)} name={c.name ?? c.id} linked={!standalone} />
                    <span className="text-xs text-muted-foreground">Component</span>
                  </li>
                ))}
                {configs.map((c) => (
                  <li key={`config:${c.id}`} className="flex items-center justify-between p-2 text-sm">
                    <RelationshipName
                      href={catalogItemHref(c.id)}
                      name={c.name ?? c.id}
                      linked={!standalone}
                    />
                    <span className="text-xs text-muted-foreground">{c.type ?? 'Config'}</span>
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      </div>
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size={size}
        onSizeChange={setSize}
        showSizeToggle
        className={cn(size === 'default' && 'sm:max-w-5xl')}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 pr-20">
            <CheckIcon
              icon={check?.icon ?? summaryCheck?.icon}
              type={check?.type ?? summaryCheck?.type}
              className="size-5"
            />
            {title}
          </DialogTitle>
          <DialogDescription>
            {[
              check?.canaries?.name ?? summaryCheck?.canary_name,
              check?.type ?? summaryCheck?.type,
              durationLabel(range),
            ]
              .filter(Boolean)
              .join(' · ')}
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          {detail.isPending && !summaryCheck ? <Skeleton className="h-64 w-full" /> : content}
        </DialogBody>
        <DialogFooter className="sm:justify-between">
          {/* Standalone mode has no settings or topology pages to send the person to. */}
          <div className="flex gap-2">
            {check && !standalone && <EditLink check={check} />}
            {canSilence && !standalone && (
              <Button asChild variant="outline">
                <Link href={silenceAddHref({ check_id: checkId })}>Silence</Link>
              </Button>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {check && !standalone && (
              <LinkIncidentButton
                target={{ type: 'check', check_id: checkId, properties: { timeRange: range } }}
                name={title}
              />
            )}
            {check && !standalone && <RunPlaybookButton target={{ check_id: checkId }} />}
            {canRunChecks && check && <RunNow checkId={checkId} onCheckRan={onCheckRan} />}
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
