'use client';

import { useQuery } from '@tanstack/react-query';
import { capitalize, INCIDENT_STATUSES, type IncidentStatus } from '@/lib/incidents/model';
import type { IncidentsSearch } from '@/lib/incidents/search';
import { incidentCountFilters, statusCountsQuery } from '@/lib/incidents/status-counts';
import { cn } from '@/lib/utils';

/**
 * The incidents list's counts by status (spec 000 §7 `incident_summary`), under the same filters as the list but
 * its status; each count sets the Status filter. It loads after the page's load event (the list's first load sits
 * at its budget) and shows nothing until the counts are known, nor when they fail: the list shows its own errors.
 */
export function IncidentStatusCounts({
  values,
  status,
  onStatus,
}: {
  /** The list's URL values: the counts use its filters but its status. */
  values: IncidentsSearch;
  /** The Status filter: a status, or null for all. */
  status: IncidentStatus | null;
  onStatus: (status: IncidentStatus | null) => void;
}) {
  const query = useQuery(statusCountsQuery(incidentCountFilters(values)));
  if (!query.data) return null;
  const counts = query.data;
  return (
    // One line at every width (scrolling sideways where it does not fit): the list keeps one line's room for the
    // counts while they load, and a second line when they came would move the list down (a layout shift, issue 34).
    <ul
      aria-label="Incidents by status"
      className="flex gap-2 overflow-x-auto text-sm [scrollbar-width:none]"
    >
      {INCIDENT_STATUSES.map((s) => {
        const current = status === s;
        return (
          <li key={s} className="shrink-0">
            <button
              type="button"
              aria-pressed={current}
              onClick={() => onStatus(current ? null : s)}
              className={cn(
                'flex items-center gap-1.5 whitespace-nowrap rounded-full border border-border px-2.5 py-0.5 hover:bg-muted',
                current && 'border-foreground bg-muted font-medium',
                query.isPlaceholderData && 'opacity-60',
              )}
            >
              {capitalize(s)}
              <span className="tabular-nums text-muted-foreground">{counts[s]}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
