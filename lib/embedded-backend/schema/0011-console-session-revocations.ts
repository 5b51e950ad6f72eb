/**
 * Migration 0011: the console's record of ended sessions (sign-out, password change), shared by every console
 * instance on one database. It lives in its own schema so that /db (which serves `public`) never exposes it; a
 * reset drops only `public`, so the statements tolerate an existing table.
 */
export const migration0011ConsoleSessionRevocations = String.raw`
CREATE SCHEMA IF NOT EXISTS console;
CREATE TABLE IF NOT EXISTS console.session_revocations (
  key text PRIMARY KEY,
  revoked_before timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS session_revocations_expires_idx ON console.session_revocations (expires_at);
`;
