import {
  Bell,
  Blocks,
  BookOpenCheck,
  ChevronDown,
  Circle,
  CircleHelp,
  Database,
  Flag,
  HeartPulse,
  History,
  LayoutDashboard,
  Menu,
  ListChecks,
  ListOrdered,
  Logs,
  Network,
  PanelLeftClose,
  PanelLeftOpen,
  Plug,
  ScrollText,
  Search,
  Server,
  Settings,
  ShieldCheck,
  Siren,
  SlidersHorizontal,
  User,
  UsersRound,
  type IconNode,
} from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';
import type { SidebarModel } from '@/lib/shell/sidebar-entries';

/** Icon names used by the route registry (data) resolved to components here, so definitions stay JSX-free. */
const ICONS: Record<string, IconNode> = {
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
  return <StaticIcon icon={ICONS[name] ?? Circle} className={className} />;
}

/**
 * The rendered icon of every sidebar entry (keyed by icon name) and of the sidebar's own buttons: built on the
 * server, so no icon code ships to the browser with the shell.
 */
export type SidebarIcons = Record<string, React.ReactNode>;

export function sidebarIcons(model: SidebarModel): SidebarIcons {
  const names = new Set(['settings', ...model.main.map((e) => e.icon), ...model.settings.map((e) => e.icon)]);
  return {
    ...Object.fromEntries(
      [...names].map((name) => [name, <SidebarIcon key={name} name={name} className="size-4 shrink-0" />]),
    ),
    'chevron-down': <StaticIcon icon={ChevronDown} className="size-4" />,
    'panel-left-close': <StaticIcon icon={PanelLeftClose} className="size-4" />,
    'panel-left-open': <StaticIcon icon={PanelLeftOpen} className="size-4" />,
  };
}

/** The header buttons' icons, rendered on the server for the same reason. */
export interface HeaderIcons {
  notifications: React.ReactNode;
  preferences: React.ReactNode;
  help: React.ReactNode;
  /** The phone header's button that opens the sidebar. */
  menu: React.ReactNode;
  /** The command palette's button. */
  search: React.ReactNode;
}

export function headerIcons(): HeaderIcons {
  return {
    notifications: <StaticIcon icon={Bell} className="size-4" />,
    preferences: <StaticIcon icon={SlidersHorizontal} className="size-4" />,
    help: <StaticIcon icon={CircleHelp} className="size-4" />,
    menu: <StaticIcon icon={Menu} className="size-4" />,
    search: <StaticIcon icon={Search} className="size-4" />,
  };
}
