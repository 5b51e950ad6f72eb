import { log } from '@/lib/telemetry/probes';

/**
 * "People or their identities changed" (a role, a team, a deactivation, a deletion), for readers in this process
 * that keep a copy of something the database derives from them. The console's session-revocation store on PGlite
 * keeps console.session_revocations in memory (it is that table's only writer, except for the trigger of migration
 * 0311, which ends a deactivated person's sessions): it reads the table again after this event.
 *
 * On globalThis: Next bundles the backend and the console's auth into separate module instances of one process.
 */
type Listener = () => void;

const KEY = Symbol.for('ops-console.embedded-backend.identity-events');
const listeners: Set<Listener> = ((globalThis as typeof globalThis & { [KEY]?: Set<Listener> })[KEY] ??=
  new Set());

/** Registers a listener; returns its removal. */
export function onIdentitiesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener; a listener's failure is not the writer's. */
export function identitiesChanged(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (error) {
      log.error('[embedded-backend] identity listener failed', { err: error });
    }
  }
}
