/**
 * Migration 0311: deactivating a person ends their console sessions at once (issue 31 item 5). The backend refuses
 * an inactive identity's tokens and passwords (authenticate.ts); the console's sessions are its own encrypted
 * cookies, ended by records in console.session_revocations (migration 0011, lib/auth/session-revocation.ts). When an
 * identity becomes inactive, or a person is soft-deleted, on any path (Users → inactive, DELETE /people/{id}, /db,
 * plain SQL), this trigger records "every session of this user signed in before now", in the same transaction.
 * Records live 24 h, the longest a console session can (SESSION_MAX_AGE_SECONDS).
 */
export const migration0311DeactivationEndsSessions = String.raw`
-- A trigger function (not callable as /db rpc): the key and merge rule of DatabaseRevocationStore.revokeUserSessions.
CREATE FUNCTION identity_deactivated_ends_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO console.session_revocations (key, revoked_before, expires_at)
  VALUES ('user:' || NEW.id::text, now(), now() + interval '24 hours')
  ON CONFLICT (key) DO UPDATE SET revoked_before = greatest(console.session_revocations.revoked_before, excluded.revoked_before),
    expires_at = greatest(console.session_revocations.expires_at, excluded.expires_at);
  RETURN NULL;
END $$;

CREATE TRIGGER identities_deactivated AFTER INSERT OR UPDATE OF state ON identities
  FOR EACH ROW WHEN (NEW.state <> 'active') EXECUTE FUNCTION identity_deactivated_ends_sessions();
CREATE TRIGGER people_deleted_ends_sessions AFTER UPDATE OF deleted_at ON people
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION identity_deactivated_ends_sessions();
`;
