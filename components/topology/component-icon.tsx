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
import { iconByName, NamedIcon, type IconSet } from '@/components/widgets/named-icon';

/**
 * Component icons and types (free text from the backend) resolved to a small fixed set; unknown ones get a box.
 * Drawn from lucide's data as plain SVG, so server-rendered cards ship no icon code.
 */
const ICONS: IconSet = {
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
  return iconByName(ICONS, Box, ...names);
}

export function ComponentIcon(props: { icon?: string | null; type?: string | null; className?: string }) {
  return <NamedIcon icons={ICONS} fallback={Box} size="size-5" {...props} />;
}
