import { LinkIncidentButton } from '@/components/incidents';
import { RunPlaybookButton } from '@/components/playbooks';

/**
 * A config item's actions: Link to Incident (the incidents feature on and write on incidents, 001 §6) and Run
 * Playbook (write on playbook_runs) with the playbooks runnable for the item; each shown only to who may use it,
 * its dialog loaded on click. A server component: only the two buttons are client code.
 */
export function ConfigActions({ id, name }: { id: string; name: string }) {
  return (
    // Always rendered (empty when neither is allowed), so that a test can tell "no action" from "not yet drawn".
    <div role="group" aria-label="Item actions" className="ml-auto flex flex-wrap items-center gap-2">
      <LinkIncidentButton target={{ type: 'config', config_id: id }} name={name} />
      <RunPlaybookButton target={{ config_id: id }} size="sm" />
    </div>
  );
}
