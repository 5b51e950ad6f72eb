import {
  Activity,
  Archive,
  ArchiveRestore,
  BellDot,
  BellRing,
  Bot,
  BrainCircuit,
  Cloud,
  CloudCog,
  Cloudy,
  Database,
  DatabaseZap,
  Flame,
  Folder,
  FolderSync,
  Gauge,
  GitBranch,
  GitMerge,
  GitPullRequest,
  Globe,
  Grid3x3,
  HardDrive,
  Hash,
  Leaf,
  Mail,
  MessageCircle,
  MessageSquareQuote,
  MessageSquareText,
  MessagesSquare,
  Monitor,
  Network,
  Plug,
  Rocket,
  Search,
  Send,
  Server,
  Ship,
  Siren,
  Smartphone,
  Sparkles,
  Users,
  UsersRound,
  Webhook,
  Workflow,
  Zap,
  type IconNode,
} from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';
import { connectionTypeInfo } from '@/lib/connections/catalog';
import { cn } from '@/lib/utils';

/**
 * The icons the connection types name (lib/connections/catalog.ts), as lucide's data drawn by StaticIcon: no
 * lucide-react runtime on the list's first load, and each icon imported one by one.
 */
const ICONS: Record<string, IconNode> = {
  activity: Activity,
  archive: Archive,
  'archive-restore': ArchiveRestore,
  'bell-dot': BellDot,
  'bell-ring': BellRing,
  bot: Bot,
  'brain-circuit': BrainCircuit,
  cloud: Cloud,
  'cloud-cog': CloudCog,
  cloudy: Cloudy,
  database: Database,
  'database-zap': DatabaseZap,
  flame: Flame,
  folder: Folder,
  'folder-sync': FolderSync,
  gauge: Gauge,
  'git-branch': GitBranch,
  'git-merge': GitMerge,
  'git-pull-request': GitPullRequest,
  globe: Globe,
  'grid-3x3': Grid3x3,
  'hard-drive': HardDrive,
  hash: Hash,
  leaf: Leaf,
  mail: Mail,
  'message-circle': MessageCircle,
  'message-square-quote': MessageSquareQuote,
  'message-square-text': MessageSquareText,
  'messages-square': MessagesSquare,
  monitor: Monitor,
  network: Network,
  rocket: Rocket,
  search: Search,
  send: Send,
  server: Server,
  ship: Ship,
  siren: Siren,
  smartphone: Smartphone,
  sparkles: Sparkles,
  users: Users,
  'users-round': UsersRound,
  webhook: Webhook,
  workflow: Workflow,
  zap: Zap,
};

/** Whether an icon name has a drawing (the definitions test checks every type's). */
export function hasConnectionIcon(name: string): boolean {
  return name in ICONS;
}

/** A connection type's icon; a plug for a type the console does not know. Decorative: the title is shown beside it. */
export function ConnectionTypeIcon({
  type,
  className,
}: {
  type: string | null | undefined;
  className?: string;
}) {
  const name = connectionTypeInfo(type)?.icon;
  return (
    <StaticIcon
      icon={(name ? ICONS[name] : undefined) ?? Plug}
      className={cn('size-5 shrink-0', className)}
    />
  );
}
