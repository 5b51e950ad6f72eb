'use client';

import * as React from 'react';
import { Age } from '@/components/widgets/age';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PersonChip, SeverityBadge, StatusBadge } from '@/components/incidents/incident-parts';
import { useIncidentAction } from '@/components/incidents/use-incident-action';
import type { IncidentDetail, IncidentPatch } from '@/lib/incidents/endpoints';
import { INCIDENT_SEVERITY_OPTIONS, normalizeSeverity } from '@/lib/format/severity';
import { capitalize, INCIDENT_STATUSES, incidentTypeLabel } from '@/lib/incidents/model';

/** Title (editable), status and severity (selects that save and report failures), type, people and creation. */
export function IncidentHeader({ incident, canWrite }: { incident: IncidentDetail; canWrite: boolean }) {
  const save = useIncidentAction(
    incident.id,
    (e, patch: IncidentPatch) => e.updateIncidentEndpoint(incident.id, patch),
    () => 'Incident updated successfully',
  );
  const [editing, setEditing] = React.useState(false);
  const [title, setTitle] = React.useState(incident.title);
  const severity = normalizeSeverity(incident.severity);
  const status = incident.status ?? 'open';

  const saveTitle = async () => {
    const next = title.trim();
    if (!next || next === incident.title) return setEditing(false);
    try {
      await save.run({ title: next });
      setEditing(false);
    } catch {
      // shown by the action; the field stays open with the text
    }
  };

  return (
    <header className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        {incident.incident_id && (
          <span className="text-sm text-muted-foreground">{incident.incident_id}</span>
        )}
        {editing ? (
          <form
            className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void saveTitle();
            }}
          >
            <Input
              aria-label="Incident title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              className="min-w-48 flex-1"
              autoFocus
            />
            <Button type="submit" size="sm" disabled={save.pending || !title.trim()}>
              {save.pending ? 'Saving...' : 'Save'}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                setTitle(incident.title);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </form>
        ) : (
          <>
            <h1 className="min-w-0 break-words text-xl font-semibold">{incident.title}</h1>
            {canWrite && (
              <Button size="sm" variant="ghost" onClick={() => (setTitle(incident.title), setEditing(true))}>
                Edit title
              </Button>
            )}
          </>
        )}
      </div>
      {incident.description && <p className="text-sm text-muted-foreground">{incident.description}</p>}
      <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-3 xl:grid-cols-6">
        <div>
          <dt className="text-xs text-muted-foreground">Status</dt>
          <dd>
            {canWrite ? (
              <NativeSelect
                aria-label="Status"
                value={status}
                disabled={save.pending}
                onChange={(e) => void save.run({ status: e.target.value }).catch(() => undefined)}
              >
                {INCIDENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {capitalize(s)}
                  </option>
                ))}
              </NativeSelect>
            ) : (
              <StatusBadge status={status} />
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Severity</dt>
          <dd>
            {canWrite ? (
              <NativeSelect
                aria-label="Severity"
                value={severity}
                disabled={save.pending}
                onChange={(e) => void save.run({ severity: e.target.value }).catch(() => undefined)}
              >
                {INCIDENT_SEVERITY_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            ) : (
              <SeverityBadge severity={incident.severity} />
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Type</dt>
          <dd>{incidentTypeLabel(incident.type) || '–'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Commander</dt>
          <dd>
            <PersonChip person={incident.commander} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Communicator</dt>
          <dd>
            <PersonChip person={incident.communicator} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Created</dt>
          <dd className="flex flex-col">
            <PersonChip person={incident.creator} />
            {incident.created_at && (
              <Age from={incident.created_at} className="text-xs text-muted-foreground" />
            )}
          </dd>
        </div>
      </dl>
    </header>
  );
}
