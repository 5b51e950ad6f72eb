/**
 * Migration 0390 (issue 33, saved views that follow the person): one row per saved view of a person — a list
 * screen's address under a name, pinned or not to the sidebar's Saved group. Written and read only through the
 * native `/saved-views` endpoints, which scope every statement to the caller (endpoints/saved-views.ts); hidden
 * from `/db` (postgrest/exposure.ts), whose RBAC decides per relation and not per row.
 *
 * - `name`: 1–80 characters, trimmed (lib/saved-view-rules.ts is the same rule in the console).
 * - `href`: a console path with its query: one leading '/', never '//' or a backslash, no whitespace, ≤ 2048
 *   characters (the endpoints apply lib/safe-path.ts, which also refuses encoded separators and dot segments).
 * - At most 200 views and 10 pinned per person: counted by the endpoints under a lock on the person's row.
 */
export const migration0390SavedViews = String.raw`
CREATE TABLE saved_views (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  person_id uuid NOT NULL REFERENCES people(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80 AND name = btrim(name)),
  href text NOT NULL CHECK (
    char_length(href) <= 2048 AND href ~ '^/([^/]|$)' AND href !~ '[[:space:][:cntrl:]\\]'
  ),
  pinned boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_views_person_idx ON saved_views (person_id, created_at, id);
`;
