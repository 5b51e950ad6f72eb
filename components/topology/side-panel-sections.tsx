'use client';

import { RunPlaybookButton } from '@/components/playbooks';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { StatusDot } from '@/components/topology/status-dot';
import { QueryState } from '@/components/list/query-state';
import { CappedNote, SectionSkeleton } from '@/components/topology/panel-section';
import { formatRelativeShort } from '@/lib/format';
import { topologyQueries } from '@/lib/topology/queries';
import { checkHref } from '@/lib/health';
import { catalogItemHref } from '@/lib/catalog';
import { incidentHref } from '@/lib/incidents';
import { teamHref } from '@/lib/resources';
import { playbookQueries, playbookRunHref, playbookRunsOf } from '@/lib/playbooks';
import { SECTION_ROW_LIMIT } from '@/lib/constants';

/** The read-only sections of the component page's side panel; each mounts (and fetches) only when opened. */

const rowClass = 'flex min-w-0 items-center gap-2 py-1 text-sm';
const linkClass = 'min-w-0 truncate text-primary underline-offset-2 hover:underline';
const metaClass = 'ml-auto shrink-0 text-xs text-muted-foreground';

export function IncidentsSection({ componentId }: { componentId: string }) {
  const query = useQuery(topologyQueries.incidents(componentId));
  return (
    <QueryState
      query={query}
      empty="No incidents found"
      errorTitle="The incidents could not be loaded"
      skeleton={<SectionSkeleton />}
      compact
    >
      {(rows) => (
        <ul>
          {rows.map((i) => (
            <li key={i.id} className={rowClass}>
              <Link href={incidentHref(i.id)} className={linkClass}>
                {i.title || i.id}
              </Link>
              <span className={metaClass}>{[i.severity, i.status].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

export function ChangesSection({ componentId }: { componentId: string }) {
  const query = useQuery(topologyQueries.changes(componentId));
  return (
    <QueryState
      query={query}
      empty="No config changes found"
      errorTitle="The config changes could not be loaded"
      skeleton={<SectionSkeleton />}
      compact
    >
      {({ data, total }) => (
        <>
          <ul>
            {data.map((c) => (
              <li key={c.id} className={rowClass}>
                <Link
                  href={c.config_id ? catalogItemHref(c.config_id, 'changes') : '/catalog/changes'}
                  className={linkClass}
                >
                  {c.change_type || 'Change'} · {c.name || c.config_id}
                </Link>
                <span className={metaClass}>{formatRelativeShort(c.created_at)}</span>
              </li>
            ))}
          </ul>
          <CappedNote shown={data.length} total={total} />
        </>
      )}
    </QueryState>
  );
}

export function ChecksSection({ componentId }: { componentId: string }) {
  const query = useQuery(topologyQueries.checks(componentId));
  return (
    <QueryState
      query={query}
      empty="No checks found"
      errorTitle="The checks could not be loaded"
      skeleton={<SectionSkeleton />}
      compact
    >
      {(rows) => (
        <ul>
          {rows.map((c) => (
            <li key={c.id} className={rowClass}>
              <StatusDot status={c.status} />
              {/* The health screen owns the check detail panel; its URL opens it (spec 001 §2.1). */}
              <Link href={checkHref(c.id)} className={linkClass}>
                {c.name || c.id}
              </Link>
              <span className={metaClass}>{[c.type, c.status].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

export function PlaybookRunsSection({ componentId }: { componentId: string }) {
  const query = useQuery(playbookQueries.runs(playbookRunsOf({ componentId }, 0, SECTION_ROW_LIMIT)));
  return (
    <>
      <RunPlaybookButton target={{ component_id: componentId }} size="sm" className="mb-2" />
      <QueryState
        query={query}
        empty="No playbook runs found"
        errorTitle="The playbook runs could not be loaded"
        skeleton={<SectionSkeleton />}
        compact
      >
        {({ data, total }) => (
          <>
            <ul>
              {data.map((r) => (
                <li key={r.id} className={rowClass}>
                  <Link href={playbookRunHref(r.id)} className={linkClass}>
                    {r.playbooks?.title || r.playbooks?.name || 'Playbook run'}
                  </Link>
                  <span className={metaClass}>
                    {[r.status, formatRelativeShort(r.start_time ?? r.created_at)]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
            <CappedNote shown={data.length} total={total} />
          </>
        )}
      </QueryState>
    </>
  );
}

export function TeamsSection({ componentId }: { componentId: string }) {
  const query = useQuery(topologyQueries.teams(componentId));
  return (
    <QueryState
      query={query}
      empty="No teams found"
      errorTitle="The teams could not be loaded"
      skeleton={<SectionSkeleton />}
      compact
    >
      {(rows) => (
        <ul>
          {rows.map((t) => (
            <li key={t.team_id} className={rowClass}>
              <Link href={teamHref(t.team_id)} className={linkClass}>
                {t.team?.name || t.team_id}
              </Link>
              {t.role && <span className={metaClass}>{t.role}</span>}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

export function InsightsSection({ componentId }: { componentId: string }) {
  const query = useQuery(topologyQueries.insights(componentId));
  return (
    <QueryState
      query={query}
      empty="No insights found"
      errorTitle="The insights could not be loaded"
      skeleton={<SectionSkeleton />}
      compact
    >
      {({ data, total }) => (
        <>
          <ul>
            {data.map((a) => (
              <li key={a.id} className={rowClass}>
                <Link
                  href={a.config_id ? catalogItemHref(a.config_id, 'insights') : '/catalog/insights'}
                  className={linkClass}
                >
                  {a.analysis_type || 'Insight'} · {a.config_name || a.config_id}
                </Link>
                <span className={metaClass}>{a.severity}</span>
              </li>
            ))}
          </ul>
          <CappedNote shown={data.length} total={total} />
        </>
      )}
    </QueryState>
  );
}
