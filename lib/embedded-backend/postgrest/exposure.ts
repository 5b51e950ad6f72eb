/**
 * What of a schema the `/db` engine may show, declared once and applied when the catalog is loaded
 * (schema-cache.ts): relations left out of the catalog entirely, and columns whose values are masked.
 */

/**
 * How a column is masked: always (a write-only secret), unless the caller may read an RBAC object, or only some keys
 * of a JSON object column (secrets a row keeps among other settings, e.g. a connection's `properties`).
 */
export type ColumnMask =
  | { kind: 'secret' }
  | { kind: 'private'; revealedBy: string }
  | { kind: 'secret-keys'; keys: readonly string[] };

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
  ]),
  maskedColumns: {
    connections: {
      password: SECRET,
      certificate: SECRET,
      properties: { kind: 'secret-keys', keys: CONNECTION_SECRET_PROPERTIES },
    },
    // An agent's TLS client material.
    agents: { tls: SECRET },
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
