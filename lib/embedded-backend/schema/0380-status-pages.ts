/**
 * Migration 0380 (issue 38, public status pages): the pages an admin publishes from the console's own components and
 * check groups (canaries), their entries, and the public face of incidents (a public flag and title, and public
 * updates written for the people who depend on the service). Written only through the native `/status-page/*`
 * endpoints (which validate and check roles); `/db` reads them (postgrest/exposure.ts: read-only relations).
 *
 * - `status_pages.slug` is the page's address (`/status/{slug}`): lower-case letters, digits and single hyphens.
 * - An entry names exactly one target: a topology component or a check group (a canary and its checks). Its
 *   `position` orders the whole page; `section` groups entries under a heading the admin writes ('' = no heading).
 * - `incident_publications` holds one row per incident that was ever made public; unpublishing keeps the title.
 * - Uptime bars read `check_statuses` by its primary key (check_id, time), so no index is added there.
 */
export const migration0380StatusPages = String.raw`
CREATE TABLE status_pages (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 120),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 64),
  logo_text text CHECK (logo_text IS NULL OR char_length(logo_text) <= 40),
  description text CHECK (description IS NULL OR char_length(description) <= 500),
  published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  created_by uuid REFERENCES people(id),
  updated_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE status_page_entries (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  status_page_id uuid NOT NULL REFERENCES status_pages(id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  section text NOT NULL DEFAULT '' CHECK (char_length(section) <= 80),
  display_name text NOT NULL CHECK (char_length(btrim(display_name)) BETWEEN 1 AND 120),
  component_id uuid REFERENCES components(id) ON DELETE CASCADE,
  canary_id uuid REFERENCES canaries(id) ON DELETE CASCADE,
  show_status boolean NOT NULL DEFAULT true,
  show_uptime boolean NOT NULL DEFAULT true,
  show_incidents boolean NOT NULL DEFAULT true,
  CHECK ((component_id IS NULL) <> (canary_id IS NULL)),
  UNIQUE (status_page_id, position)
);
CREATE INDEX status_page_entries_component_idx ON status_page_entries (component_id) WHERE component_id IS NOT NULL;
CREATE INDEX status_page_entries_canary_idx ON status_page_entries (canary_id) WHERE canary_id IS NOT NULL;

CREATE TABLE incident_publications (
  incident_id uuid PRIMARY KEY REFERENCES incidents(id) ON DELETE CASCADE,
  public boolean NOT NULL DEFAULT false,
  public_title text NOT NULL CHECK (char_length(btrim(public_title)) BETWEEN 1 AND 200),
  published_at timestamptz,
  updated_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incident_publications_public_idx ON incident_publications (incident_id) WHERE public;

CREATE TABLE incident_public_updates (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id uuid NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('investigating', 'identified', 'monitoring', 'resolved')),
  body text NOT NULL CHECK (char_length(btrim(body)) BETWEEN 1 AND 5000),
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incident_public_updates_incident_idx ON incident_public_updates (incident_id, created_at DESC);
`;
