import {
  AppWindow,
  Boxes,
  Box,
  Cloud,
  Cpu,
  Database,
  Globe,
  HardDrive,
  Layers,
  MemoryStick,
  Network,
  Server,
  Workflow,
  type IconNode,
} from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';
import { cn } from '@/lib/utils';

/**
 * Component icons and types (free text from the backend) resolved to a small fixed set; unknown ones get a box.
 * Drawn from lucide's data as plain SVG, so server-rendered cards ship no icon code.
 */
const ICONS: Record<string, IconNode> = {
  application: AppWindow,
  app: AppWindow,
  service: Network,
  deployment: Layers,
  statefulset: Layers,
  daemonset: Layers,
  worker: Workflow,
  job: Workflow,
  database: Database,
  postgres: Database,
  mysql: Database,
  pod: Boxes,
  container: Box,
  node: Server,
  server: Server,
  cluster: Cloud,
  cloud: Cloud,
  ingress: Globe,
  http: Globe,
  cpu: Cpu,
  memory: MemoryStick,
  disk: HardDrive,
  volume: HardDrive,
};

export function resolveIcon(...names: Array<string | null | undefined>): IconNode {
  for (const name of names) {
    const key = (name ?? '').toLowerCase().split(/[:/]/).pop() ?? '';
    const icon = ICONS[key];
    if (icon) return icon;
  }
  return Box;
}

export function ComponentIcon({
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
      icon={resolveIcon(icon, type)}
      className={cn('size-5 shrink-0 text-muted-foreground', className)}
    />
  );
}
