/**
 * What of a schema the `/db` engine may show, declared once and applied when the catalog is loaded
 * (schema-cache.ts): relations left out of the catalog entirely, and columns whose values are masked.
 */

/**
 * How a column is masked: always (a write-only secret), unless the caller may read an RBAC object, only some keys
 * of a JSON object column (secrets a row keeps among other settings, e.g. a connection's `properties`), or only the
 * e-mail addresses in an array at a JSON path, unless the caller may do `action` on `revealedBy` (a playbook's
 * approvers, for who may edit playbooks; address-mask.ts).
 */
export type ColumnMask =
  | { kind: 'secret' }
  | { kind: 'private'; revealedBy: string }
  | { kind: 'secret-keys'; keys: readonly string[] }
  | AddressMask;

/** E-mail addresses in the string array at `path` read as the mask unless the caller may do `action` on `revealedBy`. */
export interface AddressMask {
  kind: 'addresses';
  path: readonly string[];
  revealedBy: string;
  action: string;
}

/** The RBAC object and action that unmask a column, or undefined for masks that hold for everyone. */
export function revealerOf(mask: ColumnMask): { object: string; action: string } | undefined {
  if (mask.kind === 'private') return { object: mask.revealedBy, action: 'read' };
  if (mask.kind === 'addresses') return { object: mask.revealedBy, action: mask.action };
  return undefined;
}

/** The key of a revealer in the set of those a caller holds (SqlContext.revealed). */
export function revealerKey(revealer: { object: string; action: string }): string {
  return `${revealer.object}:${revealer.action}`;
}

export interface CatalogExposure {
  /** Relations that are not in the catalog at all: unknown as roots (404), as embeds (PGRST200) and as rpc results. */
  hiddenRelations: ReadonlySet<string>;
  /**
   * Tables that `/db` serves for reading only, for every role (admin included): their rows are written by native
   * endpoints that check more than RBAC can express (approvers, state transitions), so a /db write would skip those
   * checks. Writes answer 405 as writes to a view do.
   */
  readOnlyRelations: ReadonlySet<string>;
  /** relation (or function returning a table) → column → mask. Views and functions copying such a column inherit its mask. */
  maskedColumns: Readonly<Record<string, Readonly<Record<string, ColumnMask>>>>;
}

/**
 * The one value a masked column reads as when it is set; null stays null so a screen can tell "set" from "not set".
 * A write of this value to a secret column keeps the stored secret (an edit form may send back what it read).
 */
export const MASKED_VALUE = '********';

const SECRET: ColumnMask = { kind: 'secret' };
/**
 * Connection settings stored in `properties` that are secrets (restic's Secret Key; lib/connections/definitions.ts,
 * checked by tests/unit/embedded-backend/connection-secrets.test.ts): each reads as MASKED_VALUE when set.
 */
export const CONNECTION_SECRET_PROPERTIES: readonly string[] = ['secretKey'];
/** Where a playbook spec names its approving people: by e-mail address or name (endpoints/playbook.ts approveRun). */
export const APPROVER_PEOPLE_PATH: readonly string[] = ['approval', 'approvers', 'people'];
/**
 * Approvers' addresses are seen by who may change them (update on playbooks: editors and admins by default; every
 * other role reads the mask). Migration 0313 keeps the stored addresses when a spec is written back with the masks.
 */
export const APPROVER_ADDRESSES: AddressMask = {
  kind: 'addresses',
  path: APPROVER_PEOPLE_PATH,
  revealedBy: 'playbooks',
  action: 'update',
};
/** People's contact and account data: visible to whoever may read identities (admin); others see name and avatar. */
const PERSON_PRIVATE: ColumnMask = { kind: 'private', revealedBy: 'database.identities' };

/** The embedded backend's schema (backend-contract §1.3 plus the credential tables of migration 0001). */
export const BACKEND_EXPOSURE: CatalogExposure = {
  hiddenRelations: new Set([
    // Credential stores.
    'people_passwords',
    'access_tokens',
    // Password parameters of playbook runs (migration 0312): read only by the run executor.
    'playbook_run_secrets',
    // Saved views (issue 33) are per person: /saved-views scopes rows to the caller, /db's RBAC cannot.
    'saved_views',
    // Bookkeeping of the backend itself.
    'schema_migrations',
    'embedded_seed',
  ]),
  readOnlyRelations: new Set([
    // Runs, their actions and approvals: /playbook/run, /playbook/run/approve/{id} and /playbook/run/cancel/{id}
    // (approvers, pending_approval → scheduled) and the run executor. A PATCH of status skipped the approval.
    'playbook_runs',
    'playbook_run_actions',
    'playbook_approvals',
    // Status pages and public incident updates (issue 38): /status-page/* validates slugs, targets and public
    // texts, and decides who may publish; /db reads them.
    'status_pages',
    'status_page_entries',
    'incident_publications',
    'incident_public_updates',
  ]),
  maskedColumns: {
    connections: {
      password: SECRET,
      certificate: SECRET,
      properties: { kind: 'secret-keys', keys: CONNECTION_SECRET_PROPERTIES },
    },
    // An agent's TLS client material.
    agents: { tls: SECRET },
    // A run copies its playbook's spec, approvers included.
    playbooks: { spec: APPROVER_ADDRESSES },
    playbook_runs: { spec: APPROVER_ADDRESSES },
    // Run output is read by whoever may read `artifact` (admin), as the /db embed of artifacts and the download are.
    get_playbook_run_actions: { artifacts: { kind: 'private', revealedBy: 'artifact' } },
    people: Object.fromEntries(
      [
        'type',
        'team_id',
        'organization',
        'title',
        'email',
        'phone',
        'properties',
        'external_id',
        'created_at',
        'updated_at',
        'deleted_at',
        'last_login',
      ].map((column) => [column, PERSON_PRIVATE]),
    ),
  },
};
