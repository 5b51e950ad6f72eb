'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/list/query-state';
import { Age } from '@/components/widgets/age';
import { NativeSelect } from '@/components/ui/native-select';
import { NativeSelectField } from '@/components/forms/native-select-field';
import { PersonChip, Section } from '@/components/incidents/incident-parts';
import {
  buildTimeline,
  shortenText,
  TIMELINE_KIND_LABELS,
  TIMELINE_KINDS,
  timelineQuote,
  timelineText,
  type TimelineKind,
} from '@/lib/incidents/investigation';
import { incidentQueries } from '@/lib/incidents/queries';

/**
 * The incident's history as one stream, newest first (beyond the upstream console): status and severity changes,
 * hypotheses, evidence, comments and responders from incident_histories, filterable by kind.
 */
export function IncidentTimeline({ incidentId }: { incidentId: string }) {
  const history = useQuery(incidentQueries.history(incidentId));
  const [kind, setKind] = React.useState<TimelineKind | ''>('');
  const entries = React.useMemo(
    () => buildTimeline(history.data ?? [], kind ? [kind] : []),
    [history.data, kind],
  );
  return (
    <Section
      title="Timeline"
      actions={
        <NativeSelectField label="Show">
          <NativeSelect
            value={kind}
            onChange={(e) => setKind(e.target.value as TimelineKind | '')}
            className="h-8"
          >
            <option value="">Everything</option>
            {TIMELINE_KINDS.map((k) => (
              <option key={k} value={k}>
                {TIMELINE_KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </NativeSelectField>
      }
    >
      <QueryState
        query={{ ...history, data: history.data ? entries : undefined }}
        empty="Nothing on the timeline yet"
        errorTitle="The timeline could not be loaded"
        compact
      >
        {(list) => (
          <ol aria-label="Timeline" className="flex flex-col gap-2 text-sm">
            {list.map((e) => {
              const responder = e.responder?.person?.name ?? e.responder?.team?.name;
              return (
                <li
                  key={e.id}
                  data-kind={e.kind}
                  className="flex flex-col gap-0.5 border-l-2 border-border pl-3"
                >
                  <span className="flex flex-wrap items-center gap-1">
                    <PersonChip person={e.created_by} className="font-medium" />
                    <span>{timelineText(e)}</span>
                    {e.hypothesis?.title && e.type !== 'hypothesis.created' && (
                      <span className="text-muted-foreground">on "{e.hypothesis.title}"</span>
                    )}
                    {responder && <span className="font-medium">{responder}</span>}
                  </span>
                  <TimelineQuote text={timelineQuote(e)} />
                  {e.created_at && <Age from={e.created_at} className="text-xs text-muted-foreground" />}
                </li>
              );
            })}
          </ol>
        )}
      </QueryState>
    </Section>
  );
}

/** A comment's text under its entry: shortened, the whole in the tooltip and behind "Show all". */
function TimelineQuote({ text }: { text: string | null }) {
  const [open, setOpen] = React.useState(false);
  if (!text) return null;
  const short = shortenText(text);
  const cut = short !== text.replace(/\s+/g, ' ').trim();
  return (
    <span className="flex flex-wrap items-baseline gap-1 text-muted-foreground">
      <q className="whitespace-pre-wrap break-words" title={cut ? text : undefined}>
        {open ? text : short}
      </q>
      {cut && (
        <button
          type="button"
          className="text-xs font-medium text-primary underline-offset-2 hover:underline"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? 'Show less' : 'Show all'}
        </button>
      )}
    </span>
  );
}
