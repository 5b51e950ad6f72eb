'use client';

import { useQuery } from '@tanstack/react-query';
import { CodeSection, RecordDialog, RecordField } from '@/components/catalog/record-dialog';
import { LinkIncidentButton } from '@/components/incidents';
import { Age } from '@/components/widgets/age';
import { catalogFeedQueries } from '@/lib/catalog/feed-queries';

/** An insight with its analysis body (loaded when opened); Link to Incident links it as evidence. */
export function InsightDialog({ insightId, onClose }: { insightId: string; onClose: () => void }) {
  const query = useQuery(catalogFeedQueries.insight(insightId));
  const insight = query.data;
  return (
    <RecordDialog
      query={query}
      title={
        insight
          ? `${insight.analyzer ?? 'Insight'}${insight.config?.name ? ` – ${insight.config.name}` : ''}`
          : 'Insight'
      }
      description={insight?.message ?? insight?.summary ?? 'The insight and its analysis'}
      className="sm:max-w-3xl"
      labelWidth="grid-cols-[8rem_1fr]"
      empty="This insight no longer exists"
      errorTitle="The insight could not be loaded"
      onClose={onClose}
      fields={(i) => (
        <>
          <RecordField label="Type">{i.analysis_type ?? '–'}</RecordField>
          <RecordField label="Severity">{i.severity ?? '–'}</RecordField>
          <RecordField label="Status">{i.status ?? '–'}</RecordField>
          {i.source && <RecordField label="Source">{i.source}</RecordField>}
          <RecordField label="First observed">
            <Age from={i.first_observed} mode="absolute" />
          </RecordField>
          {i.last_observed && (
            <RecordField label="Last observed">
              <Age from={i.last_observed} mode="absolute" />
            </RecordField>
          )}
        </>
      )}
      body={(i) =>
        i.analysis !== undefined && i.analysis !== null && <CodeSection title="Analysis" value={i.analysis} />
      }
      actions={(i) => (
        <LinkIncidentButton
          target={{ type: 'config_analysis', config_analysis_id: i.id }}
          name={`${i.analyzer ?? 'Insight'}${i.config?.name ? ` – ${i.config.name}` : ''}`}
        />
      )}
    />
  );
}
