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
  return objects.flatMap((object) => actions.map((action) => ({ subject, object, action, id: 'na', condition: '' })));
}

/**
 * The default role policies of the real backend (backend-contract §3.4), made as strict as spec 000 §6 where it is
 * stricter: editors have no access to connections (the real backend lets them CRUD connections).
 */
export const DEFAULT_POLICIES: readonly Policy[] = [
  { subject: 'everyone', object: 'database.kratos', action: '*', deny: true, id: 'na', condition: '' },
  { subject: 'admin', object: '*', action: '*', id: 'na', condition: '' },
  ...grants('viewer', ['database.public', 'canaries', 'catalog', 'playbooks', 'topology', 'people'], ['read']),
  ...grants('commander', ['incident'], CRUD),
  ...grants('responder', ['incident'], CRUD),
  ...grants('editor', ['canaries', 'catalog', 'topology', 'playbooks', 'kubernetes-proxy', 'notification'], CRUD),
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
