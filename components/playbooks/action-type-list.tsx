import { ACTION_TYPE_LABELS, type ActionType } from '@/lib/playbooks/action-types';

/**
 * The kinds of action a playbook runs, as small labels (the card on /playbooks and the playbook's page). No client
 * code of its own: the playbook's page renders it on the server.
 */
export function ActionTypeList({ kinds }: { kinds: readonly ActionType[] }) {
  if (kinds.length === 0) return null;
  return (
    <ul aria-label="Action types" className="flex flex-wrap gap-1">
      {kinds.map((k) => (
        <li key={k} className="rounded bg-muted px-1.5 py-0.5 text-xs">
          {ACTION_TYPE_LABELS[k]}
        </li>
      ))}
    </ul>
  );
}
