/**
 * The roles whoami names (spec 000 §6), apart from the role table: lib/auth/capabilities.ts types its checks with
 * them without importing permissions.ts, which re-exports them (no cycle).
 */
export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const;
export type Role = (typeof ROLES)[number];
