/**
 * The kind of each playbook action (spec 000 §3: ai, notification, exec, gitops, github, azureDevopsPipeline, http,
 * sql, pod). A spec action names its kind by the key that holds its configuration, so the kind is derived from the
 * playbook's spec, as the backend does.
 */

export const ACTION_TYPES = [
  'ai',
  'notification',
  'exec',
  'gitops',
  'github',
  'azureDevopsPipeline',
  'http',
  'sql',
  'pod',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  ai: 'AI',
  notification: 'Notification',
  exec: 'Exec',
  gitops: 'GitOps',
  github: 'GitHub',
  azureDevopsPipeline: 'Azure DevOps',
  http: 'HTTP',
  sql: 'SQL',
  pod: 'Pod',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The kind of one spec action, or null when it names none of the known kinds. */
export function actionTypeOf(action: unknown): ActionType | null {
  if (!isObject(action)) return null;
  return ACTION_TYPES.find((type) => isObject(action[type])) ?? null;
}

/** The spec's actions as `{ name, type }`, in order; unnamed actions are named by their position. */
export function specActions(spec: unknown): { name: string; type: ActionType | null }[] {
  const actions = isObject(spec) && Array.isArray(spec.actions) ? spec.actions : [];
  return actions.map((action: unknown, index) => ({
    name:
      isObject(action) && typeof action.name === 'string' && action.name
        ? action.name
        : `action ${index + 1}`,
    type: actionTypeOf(action),
  }));
}

/** The distinct kinds a playbook runs, in the order of ACTION_TYPES. */
export function playbookActionTypes(spec: unknown): ActionType[] {
  const used = new Set(specActions(spec).flatMap((a) => (a.type ? [a.type] : [])));
  return ACTION_TYPES.filter((type) => used.has(type));
}

/** The kind of a run action by its name in the run's spec (the run page's actions carry only their name). */
export function runActionType(spec: unknown, actionName: string): ActionType | null {
  return specActions(spec).find((a) => a.name === actionName)?.type ?? null;
}
