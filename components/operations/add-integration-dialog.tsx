'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { GitOpsIntegration } from '@/components/operations/gitops-integration';
import { LogBackendForm } from '@/components/operations/log-backend-form';
import { useAccess } from '@/components/shell/session-provider';
import { LazyResourceEditor } from '@/components/resources';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { GITOPS_CHARTS, type GitOpsChart } from '@/lib/operations/gitops-charts';
import { INTEGRATION_KINDS } from '@/lib/operations/integration-types';
import { integrationKeys } from '@/lib/operations/queries';

type Choice = { kind: 'gitops'; chart: GitOpsChart } | { kind: 'direct'; option: DirectOption };
type DirectOption = 'Custom Topology' | 'Catalog Scraper' | 'Log Backends';

function OptionButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="outline" className="h-auto justify-start px-4 py-3 text-left" onClick={onClick}>
      {label}
    </Button>
  );
}

function Options({ onPick, direct }: { onPick: (choice: Choice) => void; direct: readonly DirectOption[] }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="add-via-gitops" className="space-y-2">
        <h3 id="add-via-gitops" className="text-sm font-semibold">
          Add via GitOps
        </h3>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {GITOPS_CHARTS.map((chart) => (
            <OptionButton
              key={chart.id}
              label={chart.label}
              onClick={() => onPick({ kind: 'gitops', chart })}
            />
          ))}
        </div>
      </section>
      {direct.length > 0 && (
        <section aria-labelledby="add-directly" className="space-y-2">
          <h3 id="add-directly" className="text-sm font-semibold">
            Add Directly
          </h3>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
            {direct.map((option) => (
              <OptionButton key={option} label={option} onClick={() => onPick({ kind: 'direct', option })} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * The 'Add Integration' wizard (full size; the title names the chosen option; Back clears it). GitOps options show
 * install snippets and write nothing; the direct options save through their forms, then the list refreshes and the
 * wizard closes.
 */
export function AddIntegrationDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { featureEnabled } = useAccess();
  const [choice, setChoice] = React.useState<Choice | null>(null);
  // Log Backends only while the logs feature is on (upstream §4.3).
  const direct: DirectOption[] = featureEnabled('logs')
    ? ['Custom Topology', 'Catalog Scraper', 'Log Backends']
    : ['Custom Topology', 'Catalog Scraper'];
  const editorTitle = (title: string) => <h3 className="text-base font-semibold">{title}</h3>;
  const label = choice ? (choice.kind === 'gitops' ? choice.chart.label : choice.option) : null;
  const saved = () => {
    void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent showSizeToggle defaultSize="full">
        <DialogHeader>
          <DialogTitle>{label ? `Add Integration - ${label}` : 'Add Integration'}</DialogTitle>
          <DialogDescription>
            {choice
              ? 'Fill in the details and save, or go back to the options.'
              : 'Choose how to add the integration.'}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="min-w-0 space-y-4">
          {choice && (
            <Button variant="ghost" size="sm" onClick={() => setChoice(null)}>
              <ArrowLeftIcon aria-hidden /> Back
            </Button>
          )}
          {!choice && <Options onPick={setChoice} direct={direct} />}
          {choice?.kind === 'gitops' && (
            <GitOpsIntegration key={choice.chart.id} chart={choice.chart} onDone={onClose} />
          )}
          {choice?.kind === 'direct' && choice.option === 'Custom Topology' && (
            <LazyResourceEditor
              table="topologies"
              renderTitle={editorTitle}
              successName={(name) => `${INTEGRATION_KINDS.topologies.label} ${name}`}
              onCancel={() => setChoice(null)}
              onSaved={() => {
                saved();
                router.push('/topology');
              }}
            />
          )}
          {choice?.kind === 'direct' && choice.option === 'Catalog Scraper' && (
            <LazyResourceEditor
              table="config_scrapers"
              renderTitle={editorTitle}
              // 001 §9 "Wizard defaults: … interval 30m": a scraper added here starts scraping every 30 minutes.
              defaultSchedule="@every 30m"
              successName={(name) => `${INTEGRATION_KINDS.scrapers.label} ${name}`}
              onCancel={() => setChoice(null)}
              onSaved={() => {
                saved();
                // 001 §2.3: the Catalog Scraper's return route is /config-db (the registry redirects it to /catalog).
                router.push('/config-db');
              }}
            />
          )}
          {choice?.kind === 'direct' && choice.option === 'Log Backends' && (
            <LogBackendForm
              successName={(name) => `${INTEGRATION_KINDS.logging_backends.label} ${name}`}
              onSaved={saved}
              onCancel={() => setChoice(null)}
            />
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
