import {
  BookOpenCheck,
  Blocks,
  Circle,
  Database,
  Flag,
  HeartPulse,
  History,
  LayoutDashboard,
  ListChecks,
  ListOrdered,
  Logs,
  Network,
  Plug,
  ScrollText,
  Server,
  Settings,
  ShieldCheck,
  Siren,
  User,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';

/** Icon names used by the route registry (data) resolved to components here, so definitions stay JSX-free. */
const ICONS: Record<string, LucideIcon> = {
  'book-open-check': BookOpenCheck,
  blocks: Blocks,
  database: Database,
  flag: Flag,
  'heart-pulse': HeartPulse,
  history: History,
  'layout-dashboard': LayoutDashboard,
  'list-checks': ListChecks,
  'list-ordered': ListOrdered,
  logs: Logs,
  network: Network,
  plug: Plug,
  'scroll-text': ScrollText,
  server: Server,
  settings: Settings,
  'shield-check': ShieldCheck,
  siren: Siren,
  user: User,
  'users-round': UsersRound,
};

export function SidebarIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Circle;
  return <Icon className={className} aria-hidden />;
}
