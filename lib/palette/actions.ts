import { offersRoute } from '@/lib/auth/access';
import { canWriteIncidents, hasAccess } from '@/lib/auth/permissions';
import type { ConsoleSession } from '@/lib/auth/session';
import type { SilenceAddValues } from '@/lib/notifications';
import { findRoute } from '@/lib/routes';
import type { PaletteSession } from './pages';

export type PaletteActionId =
  | 'create-incident'
  | 'run-playbook'
  | 'add-silence'
  | 'save-view'
  | 'manage-views'
  | 'toggle-theme'
  | 'toggle-live'
  | 'switch-organization'
  | 'sign-out';

export interface PaletteAction {
  id: PaletteActionId;
  title: string;
  keywords: string[];
}

const ACTIONS: Record<PaletteActionId, Omit<PaletteAction, 'id'>> = {
  'create-incident': { title: 'Create incident', keywords: ['new', 'incident', 'declare'] },
  'run-playbook': { title: 'Run playbook…', keywords: ['playbook', 'run', 'execute'] },
  'add-silence': { title: 'Add silence', keywords: ['notification', 'silence', 'mute'] },
  'save-view': { title: 'Save this view…', keywords: ['saved', 'view', 'bookmark', 'filter'] },
  'manage-views': { title: 'Saved views…', keywords: ['saved', 'views', 'rename', 'delete', 'pin', 'share'] },
  'toggle-theme': { title: 'Toggle theme', keywords: ['dark', 'light', 'theme', 'appearance'] },
  'toggle-live': {
    title: 'Turn live updates off',
    keywords: ['live', 'updates', 'stream', 'pause', 'resume'],
  },
  'switch-organization': { title: 'Switch organization', keywords: ['organization', 'tenant'] },
  'sign-out': { title: 'Sign out', keywords: ['log out', 'logout', 'sign out'] },
};

export interface ActionContext {
  /** The current screen has a URL contract, so its view can be saved. */
  canSaveView: boolean;
  /** The person has saved views. */
  hasSavedViews: boolean;
  /** Live updates are on (the header's switch). */
  liveEnabled?: boolean;
  /** The check or component the current page shows (silenceTargetOf): Add silence starts from it. */
  silenceTarget?: SilenceTarget | null;
}

export type SilenceTarget = Pick<SilenceAddValues, 'check_id'> | Pick<SilenceAddValues, 'component_id'>;

/**
 * The resource a silence added from here is for: the check whose panel is open on /health (its `checkId`) or the
 * component of /topology/{id}; the same prefill as the panel's Silence button and the topology card's menu.
 */
export function silenceTargetOf(pathname: string, search: string): SilenceTarget | null {
  if (pathname === '/health') {
    const checkId = new URLSearchParams(search).get('checkId');
    return checkId ? { check_id: checkId } : null;
  }
  const component = /^\/topology\/([^/]+)$/.exec(pathname)?.[1];
  return component ? { component_id: decodeURIComponent(component) } : null;
}

/**
 * The actions the person may take, by the same checks as the screens that offer them: Create incident as the
 * incidents list (canWriteIncidents), Run playbook as the playbooks screen (write on playbook_runs), Add silence by
 * the gate of its page (for the check or component on screen when there is one); Live updates where the header
 * shows its switch (signed in); Switch organization only in hosted (Clerk) mode.
 */
export function paletteActions(session: PaletteSession, context: ActionContext): PaletteAction[] {
  const gateSession: ConsoleSession = { ...session, refreshedAt: 0 };
  const allowed: Record<PaletteActionId, boolean> = {
    'create-incident':
      offersRoute(findRoute('/incidents'), gateSession, session.mode) &&
      canWriteIncidents(session.roles, session.grants),
    'run-playbook':
      offersRoute(findRoute('/playbooks'), gateSession, session.mode) &&
      hasAccess(session.grants, 'playbook_runs', 'write'),
    'add-silence': offersRoute(findRoute('/notifications/silences/add'), gateSession, session.mode),
    'save-view': context.canSaveView,
    'manage-views': context.hasSavedViews,
    'toggle-theme': true,
    'toggle-live': session.mode !== 'none',
    'switch-organization': session.mode === 'clerk',
    'sign-out': session.mode !== 'none',
  };
  const titles: Partial<Record<PaletteActionId, string>> = {
    'toggle-live': context.liveEnabled === false ? 'Turn live updates on' : ACTIONS['toggle-live'].title,
    'add-silence': context.silenceTarget
      ? `Add silence for this ${'check_id' in context.silenceTarget ? 'check' : 'component'}`
      : undefined,
  };
  return (Object.keys(ACTIONS) as PaletteActionId[])
    .filter((id) => allowed[id])
    .map((id) => ({ id, ...ACTIONS[id], title: titles[id] ?? ACTIONS[id].title }));
}
