'use client';

import { useQuery } from '@tanstack/react-query';
import { DiffView } from '@/components/catalog/diff-view';
import { CodeSection, RecordDialog, RecordField } from '@/components/catalog/record-dialog';
import { LinkIncidentButton } from '@/components/incidents';
import { UserAvatar } from '@/components/shell/user-avatar';
import { Age } from '@/components/widgets/age';
import { catalogFeedQueries } from '@/lib/catalog/feed-queries';
import { peopleQueries } from '@/lib/access';

function Creator({
  personId,
  external,
}: {
  personId: string | null | undefined;
  external: string | null | undefined;
}) {
  const person = useQuery({ ...peopleQueries.person(personId ?? ''), enabled: Boolean(personId) });
  const name = person.data?.name ?? external;
  if (!name) return null;
  return (
    <span className="flex items-center gap-2">
      <UserAvatar name={name} avatar={person.data?.avatar} className="size-6" />
      {name}
    </span>
  );
}

const hasContent = (v: unknown) =>
  v !== null && v !== undefined && !(typeof v === 'object' && Object.keys(v).length === 0);

/**
 * A change: its diff as a diff, details and patches as code, its config, creator and time (loaded when opened);
 * Link to Incident links it as evidence for who may write incidents.
 */
export function ChangeDialog({ changeId, onClose }: { changeId: string; onClose: () => void }) {
  const query = useQuery(catalogFeedQueries.change(changeId));
  const change = query.data;
  return (
    <RecordDialog
      query={query}
      title={
        change
          ? `${change.change_type ?? 'Change'}${change.config?.name ? ` – ${change.config.name}` : ''}`
          : 'Change'
      }
      description={change?.summary ?? 'The change, its diff and details'}
      className="sm:max-w-4xl"
      labelWidth="grid-cols-[7rem_1fr]"
      empty="This change no longer exists"
      errorTitle="The change could not be loaded"
      onClose={onClose}
      fields={(c) => (
        <>
          <RecordField label="Time">
            <Age from={c.created_at} mode="absolute" />
          </RecordField>
          {c.severity && <RecordField label="Severity">{c.severity}</RecordField>}
          {c.source && <RecordField label="Source">{c.source}</RecordField>}
          {(c.created_by || c.external_created_by) && (
            <RecordField label="Created by">
              <Creator personId={c.created_by} external={c.external_created_by} />
            </RecordField>
          )}
        </>
      )}
      body={(c) => (
        <>
          {c.diff && (
            <section aria-label="Diff">
              <h3 className="mb-1 text-sm font-semibold">Diff</h3>
              <DiffView diff={c.diff} />
            </section>
          )}
          {hasContent(c.details) && <CodeSection title="Details" value={c.details} />}
          {hasContent(c.patches) && <CodeSection title="Patches" value={c.patches} />}
        </>
      )}
      actions={(c) => (
        <LinkIncidentButton
          target={{ type: 'config_change', config_change_id: c.id }}
          name={`${c.change_type ?? 'Change'}${c.config?.name ? ` – ${c.config.name}` : ''}`}
        />
      )}
    />
  );
}
