import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { checkHref } from '@/lib/health';
import { catalogItemHref } from '@/lib/catalog';
import { componentHref } from '@/lib/topology';
import type { NotificationSend } from '@/lib/notifications/endpoints';

/** Cells shared by the send history and its details: the resource link, the status and the recipient. */

const STATUS_TONE: Record<string, string> = {
  sent: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  error: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  silenced: 'bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-100',
  inhibited: 'bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-100',
  skipped: 'bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-100',
};
const PENDING_TONE = 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100';

export function SendStatus({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Badge variant="outline" className={`border-transparent ${STATUS_TONE[status] ?? PENDING_TONE}`}>
      {status}
    </Badge>
  );
}

/** The console page of a resource a send was about, by the kind its event names. */
export function resourceHref(kind: string | null | undefined, id: string): string | null {
  switch (kind) {
    case 'config':
      return catalogItemHref(id);
    case 'component':
      return componentHref(id);
    case 'check':
      return checkHref(id);
    default:
      return null;
  }
}

export function SendResource({
  send,
}: {
  send: Pick<NotificationSend, 'resource' | 'resource_type' | 'resource_id'>;
}) {
  const id = send.resource?.id ?? send.resource_id;
  const name = send.resource?.name ?? id ?? '';
  const href = id ? resourceHref(send.resource_type, id) : null;
  const deleted = Boolean(send.resource?.deleted_at);
  const label = (
    <>
      {name}
      {deleted && <span className="ml-1 text-xs text-muted-foreground">(deleted)</span>}
    </>
  );
  return href ? (
    <Link href={href} className="hover:underline" onClick={(e) => e.stopPropagation()}>
      {label}
    </Link>
  ) : (
    <span>{label}</span>
  );
}

export function recipientOf(
  send: Pick<NotificationSend, 'person' | 'team' | 'connection' | 'playbook_run'>,
): string {
  if (send.person) return send.person.name ?? send.person.id;
  if (send.team) return `Team ${send.team.name ?? send.team.id}`;
  if (send.connection)
    return `${send.connection.name ?? send.connection.id}${send.connection.type ? ` (${send.connection.type})` : ''}`;
  if (send.playbook_run)
    return `Playbook ${send.playbook_run.playbook_name ?? send.playbook_run.playbook_id ?? ''}`;
  return '';
}
