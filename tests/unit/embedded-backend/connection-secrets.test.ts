/** @jest-environment node */
import { CONNECTION_TYPES } from '@/lib/connections/definitions';
import { fieldsOf } from '@/lib/connections/mapping';
import { CONNECTION_SECRET_PROPERTIES } from '@/lib/embedded-backend/postgrest/exposure';
import { migration0040ConnectionSecretProperties } from '@/lib/embedded-backend/schema/0040-connection-secret-properties';

/** Every masked secret a connection type keeps in `properties` is masked by the backend, and only those. */
describe('connection secrets stored in properties', () => {
  const sensitive = [
    ...new Set(
      CONNECTION_TYPES.flatMap((def) =>
        fieldsOf(def).flatMap((f) =>
          f.kind === 'secret' && f.sensitive !== false && 'property' in f.target ? [f.target.property] : [],
        ),
      ),
    ),
  ].sort();

  it('are the keys the /db engine masks', () => {
    expect(sensitive.length).toBeGreaterThan(0);
    expect([...CONNECTION_SECRET_PROPERTIES].sort()).toEqual(sensitive);
  });

  it('are the keys whose masked write-back keeps the stored value (migration 40)', () => {
    const args = /keep_masked_secret_properties\(([^)]*)\);\s*$/.exec(
      migration0040ConnectionSecretProperties.trim(),
    )?.[1];
    expect(
      args
        ?.split(',')
        .map((a) => a.trim().replace(/^'|'$/g, ''))
        .sort(),
    ).toEqual(sensitive);
  });
});
