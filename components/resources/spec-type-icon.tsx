import {
  Archive,
  AtSign,
  Cable,
  Cloud,
  CloudCog,
  Code,
  Database,
  DatabaseZap,
  FileBox,
  FileText,
  FlaskConical,
  Flame,
  Folder,
  FolderLock,
  GitPullRequest,
  Globe,
  Leaf,
  Network,
  Radar,
  Search,
  ShieldAlert,
  Ship,
  Siren,
  Terminal,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';

/** The icons the spec-type definitions name (lib/resources/*-types.ts), imported one by one to stay small. */
const ICONS: Record<string, LucideIcon> = {
  archive: Archive,
  'at-sign': AtSign,
  cable: Cable,
  cloud: Cloud,
  'cloud-cog': CloudCog,
  code: Code,
  database: Database,
  'database-zap': DatabaseZap,
  'file-box': FileBox,
  'file-text': FileText,
  'flask-conical': FlaskConical,
  flame: Flame,
  folder: Folder,
  'folder-lock': FolderLock,
  'git-pull-request': GitPullRequest,
  globe: Globe,
  leaf: Leaf,
  network: Network,
  radar: Radar,
  search: Search,
  'shield-alert': ShieldAlert,
  ship: Ship,
  siren: Siren,
  terminal: Terminal,
  workflow: Workflow,
};

/** Whether an icon name has a drawing (the definitions test checks every type's). */
export function hasSpecTypeIcon(name: string): boolean {
  return name in ICONS;
}

/** A spec type's icon; decorative (the label is shown beside it). */
export function SpecTypeIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? Code;
  return <Icon className={cn('size-5 shrink-0', className)} aria-hidden />;
}
