'use client';

import { LinkIncidentButton } from '@/components/incidents/link-incident';
import { RunPlaybookButton } from '@/components/playbooks/run-playbook-button';
import { QueryProvider } from '@/components/providers/query-provider';

/**
 * A config item's actions: Link to Incident (the incidents feature on and write on incidents, 001 §6) and Run
 * Playbook (write on playbook_runs) with the playbooks runnable for the item; each shown only to who may use it.
 */
export function ConfigActions({ id, name }: { id: string; name: string }) {
  return (
    // Always rendered, empty when neither is allowed: the bar's presence says its rights have been applied.
    <div role="group" aria-label="Item actions" className="ml-auto flex flex-wrap items-center gap-2">
      {/* The header sits above the tabs' data providers: the dialogs' queries get the tab's shared client here. */}
      <QueryProvider>
        <LinkIncidentButton target={{ type: 'config', config_id: id }} name={name} />
        <RunPlaybookButton target={{ config_id: id }} size="sm" />
      </QueryProvider>
    </div>
  );
}
