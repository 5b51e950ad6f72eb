import type { BackendAction } from '@/lib/auth/grants';
import type { Action, ResourceArea } from '@/lib/auth/permissions';
import type { Feature } from '@/lib/feature-flags';
import { objectForResource } from '@/lib/embedded-backend/rbac/objects';
import { RESOURCE_TABLES } from '@/lib/resources/resource-tables';

/**
 * The route registry: every route of the console, with its gate, feature flag and sidebar placement.
 * middleware.ts, the sidebar, server pages, the /api proxy and the tests all read it; a route that is not here
 * does not exist.
 */

export type AuthMode = 'basic' | 'kratos' | 'clerk' | 'none';

export interface Gate {
  resource: ResourceArea;
  action: Action;
}

/** public: no session needed; signed-in: any session; otherwise a resource gate. */
export type RouteAccess = 'public' | 'signed-in' | Gate;

export type RouteLayout = 'console' | 'view' | 'auth' | 'bare';

/** What the backend must allow for the screen to show its content: an RBAC object and action (rbac/objects.ts). */
export interface BackendNeed {
  object: string;
  action: BackendAction;
}

export interface SidebarPlacement {
  section: 'main' | 'settings';
  label: string;
  /** lucide icon name, resolved by the sidebar. */
  icon: string;
  /** Order inside the main section; settings entries are sorted by label. */
  order?: number;
  /** Modes the sidebar lists the entry in (the route may exist in more); default the route's modes. */
  modes?: readonly AuthMode[];
}

export interface RouteDefinition {
  /** Next-style pattern: static segments, `[param]` for one segment, `[...param]` for one or more. */
  pattern: string;
  title: string;
  layout: RouteLayout;
  access: RouteAccess;
  feature?: Feature;
  sidebar?: SidebarPlacement;
  /** Redirect target; `[param]`/`[...param]` are filled from the match. */
  redirectTo?: string;
  /** Modes the route exists in; default every mode except standalone ('none'). */
  modes?: readonly AuthMode[];
  /**
   * Not built yet: the sidebar hides it and it answers 404 (no page exists). The screen's issue deletes this flag
   * when it adds the page; tests/unit/lib/routes-built.test.ts keeps the two in step.
   */
  planned?: true;
  /** Served by a route handler (`route.ts`) instead of a page: the public status pages, the page preview. */
  handler?: true;
  /**
   * A backend capability the sidebar entry needs (issue 38): a backend answering 404 to its probe hides the entry
   * (lib/status-page/capability.ts); the route itself then says the capability is not available.
   */
  capability?: 'status-page';
  /**
   * The backend's permission the screen's content needs where the backend is stricter than the console's role
   * table (viewers read no incidents; logs and the monitoring tables are admin-only): a person it refuses is not
   * offered the route (sidebar, palette, links; lib/auth/access.ts offersRoute). Opened anyway, the screen shows the
   * backend's refusal as its Unauthorized state in the server HTML, as before (issue 37).
   */
  backend?: BackendNeed;
  /**
   * The page puts controls of its own into the header (HeaderExtra: refresh, Add health check): the header keeps
   * their row from its first paint, before the page's streamed HTML and its hydration bring them (on a phone the
   * row is a line of its own, and opening it later moved the page down: a layout shift, issue 34).
   */
  headerControls?: true;
}

const SIGNED_IN_MODES: readonly AuthMode[] = ['basic', 'kratos', 'clerk'];
const ALL_MODES: readonly AuthMode[] = ['basic', 'kratos', 'clerk', 'none'];
const read = (resource: ResourceArea): Gate => ({ resource, action: 'read' });
const write = (resource: ResourceArea): Gate => ({ resource, action: 'write' });
const backendRead = (object: string): BackendNeed => ({ object, action: 'read' });

/** The backend object of the relation a screen lists (the /db gate's own map). */
function listNeed(relation: string): BackendNeed | undefined {
  const object = objectForResource(relation);
  return object ? backendRead(object) : undefined;
}

const resourceTableRoutes: RouteDefinition[] = RESOURCE_TABLES.flatMap((t) => [
  {
    pattern: t.path,
    title: t.label,
    layout: 'console' as const,
    access: read(t.area),
    feature: t.feature,
    sidebar: { section: 'settings' as const, label: t.label, icon: t.icon },
    backend: listNeed(t.listView),
  },
  {
    pattern: `${t.path}/[id]`,
    title: t.label,
    layout: 'console' as const,
    access: read(t.area),
    feature: t.feature,
    backend: listNeed(t.listView),
  },
]);

const DEFINITIONS: RouteDefinition[] = [
  // Redirects
  { pattern: '/', title: 'Topology', layout: 'bare', access: 'signed-in', redirectTo: '/topology' },
  { pattern: '/configs', title: 'Catalog', layout: 'bare', access: 'signed-in', redirectTo: '/catalog' },
  {
    pattern: '/config/[...rest]',
    title: 'Catalog',
    layout: 'bare',
    access: 'signed-in',
    redirectTo: '/catalog/[...rest]',
  },
  {
    pattern: '/settings/notifications/[...rest]',
    title: 'Notifications',
    layout: 'bare',
    access: 'signed-in',
    redirectTo: '/notifications/[...rest]',
  },
  {
    pattern: '/notifications/silence',
    title: 'Notifications',
    layout: 'bare',
    access: 'signed-in',
    redirectTo: '/notifications/silences/add',
  },
  // Spec 000 §2 "/insights, /relationships, /checks | also present": in the earlier console these were the item
  // page's tabs (/catalog/[id]/insights …, built below); the bare paths lead to the nearest list, never a 404.
  {
    pattern: '/insights',
    title: 'Insights',
    layout: 'bare',
    access: 'signed-in',
    redirectTo: '/catalog/insights',
  },
  {
    pattern: '/relationships',
    title: 'Catalog',
    layout: 'bare',
    access: 'signed-in',
    redirectTo: '/catalog',
  },
  { pattern: '/checks', title: 'Health', layout: 'bare', access: 'signed-in', redirectTo: '/health' },
  // 001 §2.1 links /config-db (the health dashboard, the integration wizard's Catalog Scraper return route).
  { pattern: '/config-db', title: 'Catalog', layout: 'bare', access: 'signed-in', redirectTo: '/catalog' },

  // Chrome-less views (wall displays); they render before feature flags load, so they carry no feature flag.
  { pattern: '/view/topology/[id]', title: 'Topology', layout: 'view', access: read('topologies') },
  { pattern: '/view/health', title: 'Health', layout: 'view', access: read('canaries'), modes: ALL_MODES },

  // Main routes
  {
    pattern: '/topology',
    title: 'Topology',
    layout: 'console',
    headerControls: true,
    access: read('database'),
    feature: 'topology',
    sidebar: { section: 'main', label: 'Dashboard', icon: 'layout-dashboard', order: 1 },
  },
  {
    pattern: '/topology/[id]',
    title: 'Topology',
    layout: 'console',
    headerControls: true,
    access: read('topologies'),
    feature: 'topology',
  },
  {
    pattern: '/health',
    title: 'Health',
    layout: 'console',
    headerControls: true,
    access: read('canaries'),
    feature: 'health',
    modes: ALL_MODES,
    sidebar: { section: 'main', label: 'Health', icon: 'heart-pulse', order: 2 },
  },
  {
    pattern: '/incidents',
    title: 'Incidents',
    layout: 'console',
    access: read('incident'),
    backend: listNeed('incidents'),
    feature: 'incidents',
    sidebar: { section: 'main', label: 'Incidents', icon: 'siren', order: 3 },
  },
  {
    pattern: '/incidents/[id]',
    title: 'Incidents',
    layout: 'console',
    access: read('incident'),
    backend: listNeed('incidents'),
    feature: 'incidents',
  },
  {
    pattern: '/catalog',
    title: 'Catalog',
    layout: 'console',
    access: read('database'),
    feature: 'config',
    sidebar: { section: 'main', label: 'Catalog', icon: 'database', order: 4 },
  },
  {
    pattern: '/catalog/changes',
    title: 'Catalog Changes',
    layout: 'console',
    access: read('database'),
    feature: 'config',
  },
  {
    pattern: '/catalog/insights',
    title: 'Catalog Insights',
    layout: 'console',
    access: read('database'),
    feature: 'config',
  },
  {
    pattern: '/catalog/scrapers',
    title: 'Catalog Scrapers',
    layout: 'console',
    access: read('config_scrapers'),
    backend: listNeed('config_scrapers_with_status'),
    feature: 'settings.config_scraper',
  },
  {
    pattern: '/catalog/scrapers/[id]',
    title: 'Catalog Scrapers',
    layout: 'console',
    access: read('config_scrapers'),
    backend: listNeed('config_scrapers_with_status'),
    feature: 'settings.config_scraper',
  },
  {
    pattern: '/catalog/[id]',
    title: 'Catalog',
    layout: 'console',
    access: read('database'),
    feature: 'config',
  },
  {
    pattern: '/catalog/[id]/changes',
    title: 'Changes',
    layout: 'console',
    access: read('database'),
    feature: 'config',
  },
  {
    pattern: '/catalog/[id]/insights',
    title: 'Insights',
    layout: 'console',
    access: read('database'),
    feature: 'config',
  },
  {
    pattern: '/catalog/[id]/relationships',
    title: 'Relationships',
    layout: 'console',
    access: read('database'),
    feature: 'config',
  },
  {
    pattern: '/catalog/[id]/playbooks',
    title: 'Playbooks',
    layout: 'console',
    access: read('database'),
    feature: 'config',
  },
  {
    pattern: '/catalog/[id]/checks',
    title: 'Checks',
    layout: 'console',
    access: read('database'),
    feature: 'config',
  },
  {
    pattern: '/logs',
    title: 'Logs',
    layout: 'console',
    access: read('database'),
    backend: backendRead('logs'),
    feature: 'logs',
    sidebar: { section: 'main', label: 'Logs', icon: 'logs', order: 5 },
  },
  {
    pattern: '/playbooks',
    title: 'Playbooks',
    layout: 'console',
    access: read('playbooks'),
    feature: 'playbooks',
    sidebar: { section: 'main', label: 'Playbooks', icon: 'book-open-check', order: 6 },
  },
  {
    pattern: '/playbooks/[id]',
    title: 'Playbooks',
    layout: 'console',
    access: read('playbooks'),
    feature: 'playbooks',
  },
  {
    pattern: '/playbooks/runs',
    title: 'Playbook Runs',
    layout: 'console',
    access: read('playbook_runs'),
    feature: 'playbooks',
  },
  {
    pattern: '/playbooks/runs/[id]',
    title: 'Playbook Runs',
    layout: 'console',
    access: read('playbook_runs'),
    feature: 'playbooks',
  },
  {
    pattern: '/notifications',
    title: 'Notifications',
    layout: 'console',
    access: read('notifications'),
    backend: listNeed('notification_send_history_summary'),
  },
  {
    pattern: '/notifications/rules',
    title: 'Notification Rules',
    layout: 'console',
    access: read('notifications'),
    backend: listNeed('notifications_summary'),
  },
  {
    pattern: '/notifications/silences',
    title: 'Notification Silences',
    layout: 'console',
    access: read('notifications'),
    backend: listNeed('notification_silences'),
  },
  {
    pattern: '/notifications/silences/add',
    title: 'Add Notification Silence',
    layout: 'console',
    access: write('notifications'),
    backend: { object: 'notification', action: 'create' },
  },

  // Settings
  {
    pattern: '/settings/connections',
    title: 'Connections',
    layout: 'console',
    headerControls: true,
    access: read('connections'),
    backend: listNeed('connections'),
    feature: 'settings.connections',
    sidebar: { section: 'settings', label: 'Connections', icon: 'plug' },
  },
  {
    pattern: '/settings/permissions',
    title: 'Permissions',
    layout: 'console',
    access: read('permissions'),
    backend: listNeed('permissions_summary'),
    feature: 'settings.permissions',
    sidebar: { section: 'settings', label: 'Permissions', icon: 'shield-check' },
  },
  {
    pattern: '/settings/users',
    title: 'Users',
    layout: 'console',
    access: read('identities'),
    backend: listNeed('people_roles'),
    feature: 'settings.users',
    // In Clerk mode the page only points to the organization's settings, so the sidebar leaves it out (spec 000 §2).
    sidebar: { section: 'settings', label: 'Users', icon: 'user', modes: ['basic', 'kratos'] },
  },
  {
    pattern: '/settings/jobs',
    title: 'Jobs History',
    layout: 'console',
    access: read('database'),
    backend: listNeed('job_histories'),
    feature: 'settings.job_history',
    sidebar: { section: 'settings', label: 'Jobs History', icon: 'history' },
  },
  {
    pattern: '/settings/feature-flags',
    title: 'Feature Flags',
    layout: 'console',
    access: read('properties'),
    feature: 'settings.feature_flags',
    sidebar: { section: 'settings', label: 'Feature Flags', icon: 'flag' },
  },
  {
    pattern: '/settings/log-backends',
    title: 'Log Backends',
    layout: 'console',
    access: read('logging_backends'),
    backend: listNeed('logging_backends'),
    feature: 'logs',
    sidebar: { section: 'settings', label: 'Log Backends', icon: 'scroll-text' },
  },
  {
    pattern: '/settings/event-queue-status',
    title: 'Event Queue',
    layout: 'console',
    access: read('database'),
    backend: listNeed('event_queue_summary'),
    feature: 'settings.event_queue_status',
    sidebar: { section: 'settings', label: 'Event Queue', icon: 'list-ordered' },
  },
  {
    pattern: '/settings/agents',
    title: 'Agents',
    layout: 'console',
    access: read('agents'),
    backend: listNeed('agents_summary'),
    feature: 'agents',
    sidebar: { section: 'settings', label: 'Agents', icon: 'server' },
  },
  {
    pattern: '/settings/integrations',
    title: 'Integrations',
    layout: 'console',
    access: read('integrations'),
    backend: listNeed('integrations_with_status'),
    feature: 'settings.integrations',
    sidebar: { section: 'settings', label: 'Integrations', icon: 'blocks' },
  },
  {
    pattern: '/settings/integrations/[type]/[id]',
    title: 'Integrations',
    layout: 'console',
    access: write('integrations'),
    feature: 'settings.integrations',
  },
  {
    pattern: '/settings/status-page',
    title: 'Status Pages',
    layout: 'console',
    access: read('status_pages'),
    backend: listNeed('status_pages'),
    capability: 'status-page',
    sidebar: { section: 'settings', label: 'Status Page', icon: 'list-checks' },
  },
  {
    pattern: '/settings/status-page/[id]',
    title: 'Status Pages',
    layout: 'console',
    access: write('status_pages'),
    backend: listNeed('status_pages'),
  },
  {
    pattern: '/settings/status-page/[id]/preview',
    title: 'Status Page Preview',
    layout: 'bare',
    access: read('status_pages'),
    backend: listNeed('status_pages'),
    handler: true,
  },
  ...resourceTableRoutes,

  // The public status pages (issue 38): route handlers outside the console, which middleware does not run for.
  {
    pattern: '/status/[slug]',
    title: 'Status',
    layout: 'bare',
    access: 'public',
    handler: true,
    modes: ['basic', 'kratos'],
  },
  {
    pattern: '/status/[slug]/feed.xml',
    title: 'Status feed',
    layout: 'bare',
    access: 'public',
    handler: true,
    modes: ['basic', 'kratos'],
  },

  // Sign-in and account pages
  { pattern: '/login', title: 'Sign in', layout: 'auth', access: 'public' },
  {
    pattern: '/registration',
    title: 'Create account',
    layout: 'auth',
    access: 'public',
    modes: ['kratos', 'clerk'],
  },
  {
    pattern: '/recovery',
    title: 'Recover account',
    layout: 'auth',
    access: 'public',
    modes: ['basic', 'kratos'],
  },
  {
    pattern: '/verification',
    title: 'Verify your account',
    layout: 'auth',
    access: 'public',
    modes: ['kratos'],
  },
  { pattern: '/error', title: 'Error', layout: 'auth', access: 'public', modes: ALL_MODES },
  { pattern: '/logout', title: 'Sign out', layout: 'auth', access: 'public' },
  { pattern: '/auth-state-checker', title: 'Checking session', layout: 'auth', access: 'public' },
  { pattern: '/profile-settings', title: 'Profile Settings', layout: 'auth', access: 'signed-in' },
  {
    pattern: '/organizations',
    title: 'Select organization',
    layout: 'auth',
    access: 'signed-in',
    modes: ['clerk'],
  },
  {
    pattern: '/organizations/status',
    title: 'Organization',
    layout: 'auth',
    access: 'signed-in',
    modes: ['clerk'],
  },
  {
    pattern: '/organizations/orgs-switched',
    title: 'Organization',
    layout: 'auth',
    access: 'signed-in',
    modes: ['clerk'],
  },
  {
    pattern: '/unauthorized',
    title: 'Unauthorized',
    layout: 'console',
    access: 'signed-in',
    modes: ALL_MODES,
  },
];

export const ROUTES: readonly RouteDefinition[] = DEFINITIONS.map((r) => ({ modes: SIGNED_IN_MODES, ...r }));

interface CompiledRoute {
  route: RouteDefinition;
  regex: RegExp;
  paramNames: string[];
  /** Static segments first so that /catalog/changes wins over /catalog/[id]. */
  specificity: number[];
}

function compile(route: RouteDefinition): CompiledRoute {
  const segments = route.pattern.split('/').filter(Boolean);
  const paramNames: string[] = [];
  const parts = segments.map((segment) => {
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
    if (catchAll?.[1]) {
      paramNames.push(catchAll[1]);
      return '(.+)';
    }
    const param = /^\[(\w+)\]$/.exec(segment);
    if (param?.[1]) {
      paramNames.push(param[1]);
      return '([^/]+)';
    }
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  const regex = new RegExp(`^/${parts.join('/')}/?$`);
  const specificity = segments.map((s) => (s.startsWith('[...') ? 0 : s.startsWith('[') ? 1 : 2));
  return { route, regex, paramNames, specificity };
}

function compareSpecificity(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (b[i] ?? -1) - (a[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

const COMPILED = ROUTES.map(compile).sort((a, b) => compareSpecificity(a.specificity, b.specificity));

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

/** Finds the route of a pathname (no query string), or null. */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const c of COMPILED) {
    const m = c.regex.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    c.paramNames.forEach((name, i) => {
      params[name] = m[i + 1] ?? '';
    });
    return { route: c.route, params };
  }
  return null;
}

export function findRoute(pattern: string): RouteDefinition {
  const route = ROUTES.find((r) => r.pattern === pattern);
  if (!route) throw new Error(`Route ${pattern} is not in the registry`);
  return route;
}

/** Fills `[param]` and `[...param]` of a pattern. */
export function buildPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => params[name] ?? '');
}

export function routeExistsInMode(route: RouteDefinition, mode: AuthMode): boolean {
  return (route.modes ?? SIGNED_IN_MODES).includes(mode);
}

/** The exact list of public paths (no prefixes), for middleware. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(
  ROUTES.filter((r) => r.access === 'public').map((r) => r.pattern),
);

/** Routes with a sidebar entry; unbuilt ones are left out so that the sidebar never leads to a 404. */
export const SIDEBAR_ROUTES = ROUTES.filter((r) => r.sidebar && !r.planned);
