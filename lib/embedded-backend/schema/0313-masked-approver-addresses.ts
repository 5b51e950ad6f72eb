/**
 * Migration 0313: approvers' e-mail addresses in a playbook spec (`spec.approval.approvers.people`) read as the mask
 * `********` for who may not change playbooks (postgrest/exposure.ts APPROVER_ADDRESSES, issue 31 item 15). A spec
 * written back with those masks keeps the stored addresses, as connection secrets do (migration 0040), so a
 * read-modify-write never loses an approver nor stores a mask as one.
 *
 * The masks are anonymous, so they are matched in order: the n-th mask of the written list stands for the n-th
 * address of the stored list (the same test as the read side, address-mask.ts: a string holding `@`). Names, team
 * names and new addresses are written as given, wherever they stand; a mask with no stored address left is dropped.
 * A new playbook has nothing stored, so its masks are dropped; an upsert that meets an existing row (same id, or same
 * namespace, name and category: its unique keys) keeps them for the update, whose trigger restores them.
 */
export const migration0313MaskedApproverAddresses = String.raw`
CREATE FUNCTION restore_masked_addresses(written jsonb, stored jsonb, path text[]) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  mask CONSTANT jsonb := to_jsonb('********'::text);
  addresses jsonb[];
  restored jsonb := '[]'::jsonb;
  entry jsonb;
  n int := 0;
BEGIN
  IF jsonb_typeof(written #> path) IS DISTINCT FROM 'array' OR NOT (written #> path) @> jsonb_build_array(mask) THEN
    RETURN written;
  END IF;
  SELECT coalesce(array_agg(e ORDER BY i), '{}') INTO addresses
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(stored #> path) = 'array' THEN stored #> path ELSE '[]'::jsonb END)
         WITH ORDINALITY AS a(e, i)
   WHERE jsonb_typeof(e) = 'string' AND strpos(e #>> '{}', '@') > 0;
  FOR entry IN
    SELECT e FROM jsonb_array_elements(written #> path) WITH ORDINALITY AS a(e, i) ORDER BY i
  LOOP
    IF entry = mask THEN
      n := n + 1;
      IF n <= cardinality(addresses) THEN
        restored := restored || jsonb_build_array(addresses[n]);
      END IF;
    ELSE
      restored := restored || jsonb_build_array(entry);
    END IF;
  END LOOP;
  RETURN jsonb_set(written, path, restored);
END $$;

CREATE FUNCTION playbooks_keep_masked_approvers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.spec := restore_masked_addresses(NEW.spec, OLD.spec, TG_ARGV);
  ELSIF NOT EXISTS (
    SELECT 1 FROM playbooks p
     WHERE p.id = NEW.id OR (p.namespace = NEW.namespace AND p.name = NEW.name AND p.category = NEW.category)
  ) THEN
    NEW.spec := restore_masked_addresses(NEW.spec, NULL, TG_ARGV);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER playbooks_keep_masked_approvers BEFORE INSERT OR UPDATE OF spec ON playbooks
  FOR EACH ROW EXECUTE FUNCTION playbooks_keep_masked_approvers('approval', 'approvers', 'people');
`;
