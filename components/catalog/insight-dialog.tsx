'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { CodeBlock } from '@/components/catalog/code-block';
import { ConfigName } from '@/components/catalog/catalog-cells';
import { QueryState } from '@/components/query-state/query-state';
import { Age } from '@/components/ui/age';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { catalogQueries } from '@/lib/queries/catalog';
import { catalogItemHref } from '@/lib/search-params/catalog';

/** An insight with its analysis body (loaded when opened). */
export function InsightDialog({ insightId, onClose }: { insightId: string; onClose: () => void }) {
  const query = useQuery(catalogQueries.insight(insightId));
  const insight = query.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl" showSizeToggle>
        <DialogHeader>
          <DialogTitle>
            {insight
              ? `${insight.analyzer ?? 'Insight'}${insight.config?.name ? ` – ${insight.config.name}` : ''}`
              : 'Insight'}
          </DialogTitle>
          <DialogDescription>
            {insight?.message ?? insight?.summary ?? 'The insight and its analysis'}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="flex min-w-0 flex-col gap-4 overflow-auto">
          <QueryState
            query={query}
            empty="This insight no longer exists"
            errorTitle="The insight could not be loaded"
          >
            {(i) => (
              <>
                <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
                  {i.config && (
                    <>
                      <dt className="text-muted-foreground">Config</dt>
                      <dd>
                        <Link href={catalogItemHref(i.config.id)} className="hover:underline">
                          <ConfigName name={i.config.name} type={i.config.type} />
                        </Link>
                      </dd>
                    </>
                  )}
                  <dt className="text-muted-foreground">Type</dt>
                  <dd>{i.analysis_type ?? '–'}</dd>
                  <dt className="text-muted-foreground">Severity</dt>
                  <dd>{i.severity ?? '–'}</dd>
                  <dt className="text-muted-foreground">Status</dt>
                  <dd>{i.status ?? '–'}</dd>
                  {i.source && (
                    <>
                      <dt className="text-muted-foreground">Source</dt>
                      <dd>{i.source}</dd>
                    </>
                  )}
                  <dt className="text-muted-foreground">First observed</dt>
                  <dd>
                    <Age from={i.first_observed} mode="absolute" />
                  </dd>
                  {i.last_observed && (
                    <>
                      <dt className="text-muted-foreground">Last observed</dt>
                      <dd>
                        <Age from={i.last_observed} mode="absolute" />
                      </dd>
                    </>
                  )}
                </dl>
                {i.analysis !== undefined && i.analysis !== null && (
                  <section>
                    <h3 className="mb-1 text-sm font-semibold">Analysis</h3>
                    <CodeBlock value={i.analysis} label="Analysis" />
                  </section>
                )}
              </>
            )}
          </QueryState>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
