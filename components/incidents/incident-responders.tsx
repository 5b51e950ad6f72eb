'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/list/query-state';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { PersonChip, Section } from '@/components/incidents/incident-parts';
import { useIncidentAction } from '@/components/incidents/use-incident-action';
import { incidentQueries } from '@/lib/incidents/queries';
import { peopleQueries } from '@/lib/access';

/** Responders: people and teams; add one, remove one (a soft delete). */
export function IncidentResponders({
  incidentId,
  canWrite,
  personId,
}: {
  incidentId: string;
  canWrite: boolean;
  personId: string;
}) {
  const responders = useQuery(incidentQueries.responders(incidentId));
  const [adding, setAdding] = React.useState(false);
  const [choice, setChoice] = React.useState('');
  const people = useQuery({ ...peopleQueries.choices(), enabled: adding });
  const teams = useQuery({ ...incidentQueries.teams(), enabled: adding });
  const add = useIncidentAction(
    incidentId,
    (e, v: { person_id?: string; team_id?: string }) =>
      e.addResponderEndpoint({ incidentId, personId, ...v }),
    () => 'Responder added successfully',
  );
  const remove = useIncidentAction(
    incidentId,
    (e, id: string) => e.removeResponderEndpoint(id),
    () => 'Responder removed successfully',
  );
  const present = new Set((responders.data ?? []).map((r) => r.person?.id ?? r.team?.id));

  return (
    <Section
      title="Responders"
      actions={
        canWrite &&
        !adding && (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            Add responder
          </Button>
        )
      }
    >
      {adding && (
        <form
          className="mb-3 flex flex-wrap items-center gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            const [kind, id] = choice.split(':');
            if (!id) return;
            try {
              await add.run(kind === 'team' ? { team_id: id } : { person_id: id });
              setChoice('');
              setAdding(false);
            } catch {
              // reported by the action
            }
          }}
        >
          <NativeSelect
            aria-label="Responder"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            className="min-w-48 flex-1"
          >
            <option value="">
              {people.isPending || teams.isPending ? 'Loading…' : 'Select a person or team'}
            </option>
            <optgroup label="Teams">
              {(teams.data ?? [])
                .filter((t) => !present.has(t.id))
                .map((t) => (
                  <option key={t.id} value={`team:${t.id}`}>
                    {t.name ?? t.id}
                  </option>
                ))}
            </optgroup>
            <optgroup label="People">
              {(people.data ?? [])
                .filter((p) => !present.has(p.id))
                .map((p) => (
                  <option key={p.id} value={`person:${p.id}`}>
                    {p.name ?? p.id}
                  </option>
                ))}
            </optgroup>
          </NativeSelect>
          <Button type="submit" size="sm" disabled={!choice || add.pending}>
            {add.pending ? 'Adding...' : 'Add'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </form>
      )}
      <QueryState
        query={responders}
        empty="No responders yet"
        errorTitle="The responders could not be loaded"
        compact
      >
        {(list) => (
          <ul aria-label="Responders" className="flex flex-col gap-2 text-sm">
            {list.map((r) => {
              const name = r.person?.name ?? r.team?.name ?? 'Unknown';
              return (
                <li key={r.id} className="flex items-center gap-2">
                  <PersonChip person={r.person ?? (r.team ? { name: r.team.name } : null)} />
                  <span className="text-xs text-muted-foreground">{r.team ? 'Team' : 'Person'}</span>
                  {canWrite && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="ml-auto h-7"
                      aria-label={`Remove ${name}`}
                      disabled={remove.pending}
                      onClick={() => void remove.run(r.id).catch(() => undefined)}
                    >
                      Remove
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}
