/** A policy row: subject may (or, with deny, may not) do action on object. */
export interface Policy {
  subject: string;
  object: string;
  action: string;
  deny?: boolean;
  /** `na` for default policies, the permission's UUID for rows from the permissions table. */
  id: string;
  condition?: string;
}

const CRUD = ['create', 'read', 'update', 'delete'];

function grants(subject: string, objects: readonly string[], actions: readonly string[]): Policy[] {
  return objects.flatMap((object) =>
    actions.map((action) => ({ subject, object, action, id: 'na', condition: '' })),
  );
}

/**
 * The default role policies of the real backend (backend-contract §3.4), made as strict as spec 000 §6 where it is
 * stricter: editors have no access to connections (the real backend lets them CRUD connections).
 */
export const DEFAULT_POLICIES: readonly Policy[] = [
  { subject: 'everyone', object: 'database.kratos', action: '*', deny: true, id: 'na', condition: '' },
  { subject: 'admin', object: '*', action: '*', id: 'na', condition: '' },
  ...grants(
    'viewer',
    ['database.public', 'canaries', 'catalog', 'playbooks', 'topology', 'people'],
    ['read'],
  ),
  ...grants('commander', ['incident'], CRUD),
  ...grants('responder', ['incident'], CRUD),
  // Issue 38: a commander publishes an incident (its public title and updates); a responder reads what was published.
  ...grants('commander', ['incident_publication'], CRUD),
  ...grants('responder', ['incident_publication'], ['read']),
  ...grants(
    'editor',
    ['canaries', 'catalog', 'topology', 'playbooks', 'kubernetes-proxy', 'notification'],
    CRUD,
  ),
  // Issue 33: everyone keeps their own saved views (the endpoints scope every row to the caller).
  ...grants('everyone', ['saved_view'], CRUD),
  ...grants('agent', ['playbooks', 'database.public'], ['read']),
  ...grants('agent', ['agent-push'], ['create', 'read', 'update']),
  ...grants('agent', ['topology'], ['create', 'update']),
];

/** Role inheritance (g rows between roles); `everyone` is added to every subject lazily as the real backend does. */
export const ROLE_PARENTS: Readonly<Record<string, readonly string[]>> = {
  admin: ['everyone'],
  guest: ['everyone'],
  commander: ['viewer'],
  responder: ['viewer'],
  editor: ['viewer'],
};

/** All roles reachable from the given ones (including themselves), without duplicates. */
export function expandRoles(roles: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roles];
  while (queue.length > 0) {
    const role = queue.shift();
    if (role === undefined || seen.has(role)) continue;
    seen.add(role);
    queue.push(...(ROLE_PARENTS[role] ?? []));
  }
  seen.add('everyone');
  return [...seen];
}

/** Whether an unconditional policy row applies to one of the subjects, the object and the action. */
function matches(policy: Policy, subjects: ReadonlySet<string>, object: string, action: string): boolean {
  return (
    subjects.has(policy.subject) &&
    (policy.object === '*' || policy.object === object) &&
    (policy.action === '*' || policy.action === action) &&
    !policy.condition
  );
}

/** casbin-like decision: some row allows and no row denies. */
export function decidePolicies(
  policies: readonly Policy[],
  subjects: ReadonlySet<string>,
  object: string,
  action: string,
): boolean {
  let allowed = false;
  for (const p of policies) {
    if (!matches(p, subjects, object, action)) continue;
    if (p.deny) return false;
    allowed = true;
  }
  return allowed;
}

/**
 * The backend's decision for roles alone: reads pass for anyone signed in when the viewer role could read the
 * object (the real backend's rule), everything else by the roles' policies. The one source of the console's role
 * table too (lib/auth/role-policies.ts), so the two cannot drift apart (issue 31 item 14).
 */
export function rolesAllow(
  roles: readonly string[],
  object: string,
  action: string,
  policies: readonly Policy[] = DEFAULT_POLICIES,
  extraSubjects: readonly string[] = [],
): boolean {
  if (action === 'read' && decidePolicies(policies, new Set(expandRoles(['viewer'])), object, action))
    return true;
  return decidePolicies(policies, new Set([...extraSubjects, ...expandRoles(roles)]), object, action);
}
