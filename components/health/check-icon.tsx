import { Activity, Boxes, Database, Globe, Network, Terminal } from 'lucide';
import { NamedIcon, type IconSet } from '@/components/widgets/named-icon';

/**
 * Check icons and types (free text such as `http`, `postgres`, `k8s`) drawn from a small fixed set, others as a
 * pulse: the list's first load carries these drawings, so the set stays short.
 */
const ICONS: IconSet = {
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

/** A check's icon (spec 000 §3 Check `icon`), falling back to its type. */
export function CheckIcon(props: { icon?: string | null; type?: string | null; className?: string }) {
  return <NamedIcon icons={ICONS} fallback={Activity} size="size-4" {...props} />;
}
