import { Activity, Boxes, Database, Globe, Network, Terminal, type IconNode } from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';
import { cn } from '@/lib/utils';

/**
 * Check icons and types (free text such as `http`, `postgres`, `k8s`) drawn from a small fixed set, others as a
 * pulse: the list's first load carries these drawings, so the set stays short.
 */
const ICONS: Readonly<Record<string, IconNode>> = {
  http: Globe,
  https: Globe,
  dns: Network,
  tcp: Network,
  icmp: Network,
  ping: Network,
  postgres: Database,
  mysql: Database,
  mssql: Database,
  mongo: Database,
  mongodb: Database,
  redis: Database,
  elasticsearch: Database,
  kubernetes: Boxes,
  k8s: Boxes,
  pod: Boxes,
  exec: Terminal,
};

export function checkIconOf(icon: string | undefined | null, type: string | undefined | null): IconNode {
  for (const name of [icon, type]) {
    const key = (name ?? '').toLowerCase().split(/[:/]/).pop() ?? '';
    const found = ICONS[key];
    if (found) return found;
  }
  return Activity;
}

/** A check's icon (spec 000 §3 Check `icon`), falling back to its type. */
export function CheckIcon({
  icon,
  type,
  className,
}: {
  icon?: string | null;
  type?: string | null;
  className?: string;
}) {
  return (
    <StaticIcon
      icon={checkIconOf(icon, type)}
      className={cn('size-4 shrink-0 text-muted-foreground', className)}
    />
  );
}
