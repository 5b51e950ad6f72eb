import type { Queryable } from '../db/types';
import { authorize } from './shared/authorize';
import { endpoint } from './shared/handler';
import { badRequest, conflict, HttpError, isUuid, json, notFound, readJsonObject } from './shared/http';
import {
  checkGroupEntryStatus,
  componentEntryStatus,
  dayState,
  isValidSlug,
  overallStatus,
  PUBLIC_INCIDENT_STATUSES,
  publicIncidentState,
  SLUG_MAX,
  STATUS_PAGE_DAYS,
  uptimePercent,
  uptimeWindow,
  type DayState,
  type EntryStatus,
  type OverallStatus,
  type PublicIncidentStatus,
} from './shared/status-page-model';
import type { AuthedContext, BackendServices, PublicContext, Route } from './types';

/**
 * Status pages (issue 38): admins define pages of components and check groups under public names
 * (`/status-page/pages*`, RBAC status_page), admins and commanders publish incidents with a public title and
 * updates (`/status-page/incidents/*`, RBAC incident_publication), and anyone reads a published page
 * (`GET /status-page/public/{slug}`, no authentication): only what is published, never ids, internal names or
 * addresses. The contract is in endpoints/README.md (Status pages).
 */

export const MAX_ENTRIES = 100;
const MAX_UPDATES_SHOWN = 20;
/** A published page is computed at most once per this window per backend (and once at a time). */
const PUBLIC_TTL_MS = 5_000;

// ---- public payload ------------------------------------------------------------------------------------------------

export interface PublicUptimeDay {
  date: string;
  state: DayState;
  percent: number;
}

export interface PublicEntry {
  name: string;
  status?: EntryStatus;
  uptime?: { percent: number | null; days: PublicUptimeDay[] };
}

export interface PublicIncident {
  /** Opaque and stable per page (a hash, never the incident's id): the Atom entry's id. */
  key: string;
  title: string;
  status: PublicIncidentStatus;
  started_at: string;
  updated_at: string;
  resolved_at: string | null;
  affects: string[];
  updates: { status: PublicIncidentStatus; body: string; at: string }[];
}

export interface PublicStatusPage {
  page: { name: string; slug: string; logo_text: string | null; description: string | null };
  generated_at: string;
  status: OverallStatus;
  uptime_window: { from: string; to: string; days: number };
  sections: { name: string; entries: PublicEntry[] }[];
  incidents: { active: PublicIncident[]; history: PublicIncident[] };
}

interface PageRow {
  id: string;
  name: string;
  slug: string;
  logo_text: string | null;
  description: string | null;
  published: boolean;
}

interface EntryStateRow {
  position: number;
  section: string;
  display_name: string;
  show_status: boolean;
  show_uptime: boolean;
  kind: 'component' | 'check_group';
  component_status: string | null;
  target_live: boolean;
  healthy: number;
  unhealthy: number;
}

/** The checks behind each entry of a page: a check group's live checks, a component's related live checks. */
const ENTRY_CHECKS = `
  SELECT e.position, e.display_name, e.show_uptime, e.show_incidents, ch.id AS check_id
    FROM status_page_entries e JOIN checks ch ON ch.canary_id = e.canary_id AND ch.deleted_at IS NULL
   WHERE e.status_page_id = $1
  UNION
  SELECT e.position, e.display_name, e.show_uptime, e.show_incidents, ch.id
    FROM status_page_entries e
    JOIN check_component_relationships r ON r.component_id = e.component_id AND r.deleted_at IS NULL
    JOIN checks ch ON ch.id = r.check_id AND ch.deleted_at IS NULL
   WHERE e.status_page_id = $1`;

async function entryStates(db: Queryable, pageId: string): Promise<EntryStateRow[]> {
  const r = await db.query<EntryStateRow>(
    `SELECT e.position, e.section, e.display_name, e.show_status, e.show_uptime,
            CASE WHEN e.component_id IS NOT NULL THEN 'component' ELSE 'check_group' END AS kind,
            c.status AS component_status,
            CASE WHEN e.component_id IS NOT NULL THEN c.deleted_at IS NULL ELSE k.deleted_at IS NULL END AS target_live,
            coalesce(g.healthy, 0) AS healthy, coalesce(g.unhealthy, 0) AS unhealthy
       FROM status_page_entries e
       LEFT JOIN components c ON c.id = e.component_id
       LEFT JOIN canaries k ON k.id = e.canary_id
       LEFT JOIN LATERAL (
         SELECT count(*) FILTER (WHERE ch.status = 'healthy')::int AS healthy,
                count(*) FILTER (WHERE ch.status = 'unhealthy')::int AS unhealthy
           FROM checks ch WHERE ch.canary_id = e.canary_id AND ch.deleted_at IS NULL) g ON e.canary_id IS NOT NULL
      WHERE e.status_page_id = $1
      ORDER BY e.position`,
    [pageId],
  );
  return r.rows;
}

/** Passed and total results per entry and UTC day since `start`, aggregated in SQL (the history is most of the rows). */
async function uptimeDays(
  db: Queryable,
  pageId: string,
  start: Date,
): Promise<Map<number, { date: string; passed: number; total: number }[]>> {
  const r = await db.query<{ position: number; day: string; passed: number; total: number }>(
    `WITH entry_checks AS (${ENTRY_CHECKS})
     SELECT ec.position, to_char(s.time AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            count(*) FILTER (WHERE s.status)::int AS passed, count(*)::int AS total
       FROM entry_checks ec
       JOIN check_statuses s ON s.check_id = ec.check_id AND s.time >= $2
      WHERE ec.show_uptime
      GROUP BY 1, 2
      ORDER BY 1, 2`,
    [pageId, start.toISOString()],
  );
  const byEntry = new Map<number, { date: string; passed: number; total: number }[]>();
  for (const row of r.rows) {
    const list = byEntry.get(row.position) ?? [];
    list.push({ date: row.day, passed: row.passed, total: row.total });
    byEntry.set(row.position, list);
  }
  return byEntry;
}

interface IncidentRow {
  id: string;
  key: string;
  public_title: string;
  created_at: Date | string;
  resolved: Date | string | null;
  closed: Date | string | null;
  affects: string[];
}

const asDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/**
 * Public incidents linked (by evidence on the component, or on one of the entry's checks) to an entry that shows
 * incidents; started or ended within the window. Comments, hypotheses and evidence themselves are never read out.
 */
async function publicIncidents(
  db: Queryable,
  page: PageRow,
  start: Date,
): Promise<{ active: PublicIncident[]; history: PublicIncident[] }> {
  const r = await db.query<IncidentRow>(
    `WITH entry_checks AS (${ENTRY_CHECKS}),
     links AS (
       SELECT h.incident_id, e.position, e.display_name
         FROM status_page_entries e
         JOIN evidences ev ON ev.component_id = e.component_id
         JOIN hypotheses h ON h.id = ev.hypothesis_id
        WHERE e.status_page_id = $1 AND e.show_incidents
       UNION
       SELECT h.incident_id, ec.position, ec.display_name
         FROM entry_checks ec
         JOIN evidences ev ON ev.check_id = ec.check_id
         JOIN hypotheses h ON h.id = ev.hypothesis_id
        WHERE ec.show_incidents
     )
     SELECT i.id, md5('status-page:' || $3 || ':' || i.id::text) AS key, p.public_title,
            i.created_at, i.resolved, i.closed,
            array_agg(DISTINCT l.display_name ORDER BY l.display_name) AS affects
       FROM incident_publications p
       JOIN incidents i ON i.id = p.incident_id
       JOIN links l ON l.incident_id = i.id
      WHERE p.public
        AND (coalesce(i.resolved, i.closed) IS NULL OR coalesce(i.resolved, i.closed) >= $2 OR i.created_at >= $2
             OR EXISTS (SELECT 1 FROM incident_public_updates u WHERE u.incident_id = i.id AND u.created_at >= $2))
      GROUP BY i.id, p.public_title
      ORDER BY i.created_at DESC
      LIMIT 200`,
    [page.id, start.toISOString(), page.slug],
  );
  if (r.rows.length === 0) return { active: [], history: [] };
  const updates = await db.query<{
    incident_id: string;
    status: PublicIncidentStatus;
    body: string;
    created_at: Date | string;
  }>(
    `SELECT incident_id, status, body, created_at FROM (
       SELECT u.*, row_number() OVER (PARTITION BY incident_id ORDER BY created_at DESC, id DESC) AS n
         FROM incident_public_updates u WHERE u.incident_id = ANY($1::uuid[])) x
      WHERE n <= $2
      ORDER BY created_at DESC, id DESC`,
    [r.rows.map((row) => row.id), MAX_UPDATES_SHOWN],
  );
  const active: PublicIncident[] = [];
  const history: PublicIncident[] = [];
  for (const row of r.rows) {
    const own = updates.rows
      .filter((u) => u.incident_id === row.id)
      .map((u) => ({ status: u.status, body: u.body, at: new Date(u.created_at) }));
    const started = new Date(row.created_at);
    const state = publicIncidentState(own, { resolved: asDate(row.resolved), closed: asDate(row.closed) });
    const latest = own[0]?.at ?? started;
    const incident: PublicIncident = {
      key: row.key,
      title: row.public_title,
      status: state.status,
      started_at: started.toISOString(),
      updated_at: (state.resolvedAt && state.resolvedAt > latest ? state.resolvedAt : latest).toISOString(),
      resolved_at: state.resolvedAt?.toISOString() ?? null,
      affects: row.affects,
      updates: own.map((u) => ({ status: u.status, body: u.body, at: u.at.toISOString() })),
    };
    if (state.status === 'resolved') {
      if (state.resolvedAt && state.resolvedAt >= start) history.push(incident);
    } else active.push(incident);
  }
  return { active, history };
}

/** The page as the public sees it, computed now (published or not: the preview uses it too). */
export async function buildPublicPage(
  db: Queryable,
  page: PageRow,
  now = new Date(),
): Promise<PublicStatusPage> {
  const window = uptimeWindow(now);
  const [states, days, incidents] = await Promise.all([
    entryStates(db, page.id),
    uptimeDays(db, page.id, window.start),
    publicIncidents(db, page, window.start),
  ]);
  const sections: { name: string; entries: PublicEntry[] }[] = [];
  const shown: EntryStatus[] = [];
  for (const row of states) {
    const entry: PublicEntry = { name: row.display_name };
    if (row.show_status) {
      const status = !row.target_live
        ? 'unknown'
        : row.kind === 'component'
          ? componentEntryStatus(row.component_status)
          : checkGroupEntryStatus(row);
      entry.status = status;
      shown.push(status);
    }
    if (row.show_uptime) {
      const list = days.get(row.position) ?? [];
      const passed = list.reduce((n, d) => n + d.passed, 0);
      const total = list.reduce((n, d) => n + d.total, 0);
      entry.uptime = {
        percent: uptimePercent(passed, total),
        days: list.map((d) => ({
          date: d.date,
          state: dayState(d.passed, d.total),
          percent: uptimePercent(d.passed, d.total) ?? 100,
        })),
      };
    }
    const last = sections[sections.length - 1];
    if (last && last.name === row.section) last.entries.push(entry);
    else sections.push({ name: row.section, entries: [entry] });
  }
  return {
    page: { name: page.name, slug: page.slug, logo_text: page.logo_text, description: page.description },
    generated_at: now.toISOString(),
    status: overallStatus(shown),
    uptime_window: { from: window.from, to: window.to, days: STATUS_PAGE_DAYS },
    sections,
    incidents,
  };
}

// ---- the public read, with a short single-flight cache per backend --------------------------------------------------

type PublicCache = Map<string, { at: number; value: Promise<PublicStatusPage | null> }>;
const publicCaches = new WeakMap<BackendServices, PublicCache>();

function publicCacheOf(services: BackendServices): PublicCache {
  let cache = publicCaches.get(services);
  if (!cache) {
    cache = new Map();
    publicCaches.set(services, cache);
  }
  return cache;
}

async function loadPublished(db: Queryable, slug: string): Promise<PublicStatusPage | null> {
  const r = await db.query<PageRow>(
    `SELECT id, name, slug, logo_text, description, published FROM status_pages WHERE slug = $1 AND published`,
    [slug],
  );
  const page = r.rows[0];
  return page ? buildPublicPage(db, page) : null;
}

const PUBLIC_HEADERS = { 'cache-control': 'public, max-age=5' };

async function publicPage(ctx: PublicContext): Promise<Response> {
  const slug = ctx.params.slug ?? '';
  if (!isValidSlug(slug)) return json({ error: 'status page not found', code: 'status_page_not_found' }, 404);
  const cache = publicCacheOf(ctx.services);
  const now = Date.now();
  let hit = cache.get(slug);
  if (!hit || now - hit.at > PUBLIC_TTL_MS) {
    const value = loadPublished(ctx.services.db, slug);
    hit = { at: now, value };
    cache.set(slug, hit);
    if (cache.size > 1000) cache.delete(cache.keys().next().value as string);
    value.catch(() => {
      if (cache.get(slug)?.value === value) cache.delete(slug);
    });
  }
  const page = await hit.value;
  if (!page) return json({ error: 'status page not found', code: 'status_page_not_found' }, 404);
  return json(page, 200, PUBLIC_HEADERS);
}

function dropPublicCache(ctx: AuthedContext): void {
  publicCaches.get(ctx.services)?.clear();
}

// ---- admin: pages ------------------------------------------------------------------------------------------------

interface EntryInput {
  section: string;
  display_name: string;
  component_id: string | null;
  canary_id: string | null;
  show_status: boolean;
  show_uptime: boolean;
  show_incidents: boolean;
}

interface PageInput {
  name: string;
  slug: string;
  logo_text: string | null;
  description: string | null;
  entries: EntryInput[];
}

function text(body: Record<string, unknown>, key: string, max: number, required: boolean): string | null {
  const v = body[key];
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    if (required) throw badRequest(`${key} is required`);
    return null;
  }
  if (typeof v !== 'string') throw badRequest(`${key} must be a string`);
  const trimmed = v.trim();
  if (trimmed.length > max) throw badRequest(`${key} must be at most ${max} characters`);
  return trimmed;
}

function flag(body: Record<string, unknown>, key: string): boolean {
  const v = body[key];
  if (v === undefined || v === null) return true;
  if (typeof v !== 'boolean') throw badRequest(`${key} must be true or false`);
  return v;
}

function parseEntry(raw: unknown, i: number): EntryInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest(`entries[${i}] must be an object`);
  const e = raw as Record<string, unknown>;
  const component = e.component_id ?? null;
  const canary = e.canary_id ?? null;
  if ((component === null) === (canary === null))
    throw badRequest(`entries[${i}] must name exactly one of component_id and canary_id`);
  const target = component ?? canary;
  if (!isUuid(target))
    throw badRequest(`entries[${i}]: ${component ? 'component_id' : 'canary_id'} must be a UUID`);
  const name = text(e, 'display_name', 120, true);
  return {
    section: text(e, 'section', 80, false) ?? '',
    display_name: name ?? '',
    component_id: component as string | null,
    canary_id: canary as string | null,
    show_status: flag(e, 'show_status'),
    show_uptime: flag(e, 'show_uptime'),
    show_incidents: flag(e, 'show_incidents'),
  };
}

function parsePage(body: Record<string, unknown>): PageInput {
  const slug = text(body, 'slug', SLUG_MAX, true) ?? '';
  if (!isValidSlug(slug))
    throw badRequest('slug must be lower-case letters and digits, words joined by single hyphens');
  const entries = body.entries ?? [];
  if (!Array.isArray(entries)) throw badRequest('entries must be a list');
  if (entries.length > MAX_ENTRIES) throw badRequest(`a page has at most ${MAX_ENTRIES} entries`);
  return {
    name: text(body, 'name', 120, true) ?? '',
    slug,
    logo_text: text(body, 'logo_text', 40, false),
    description: text(body, 'description', 500, false),
    entries: entries.map(parseEntry),
  };
}

/** Every target exists and is live, so a page never names a deleted component or canary. */
async function checkTargets(db: Queryable, entries: EntryInput[]): Promise<void> {
  const components = entries.flatMap((e) => (e.component_id ? [e.component_id] : []));
  const canaries = entries.flatMap((e) => (e.canary_id ? [e.canary_id] : []));
  const r = await db.query<{ id: string }>(
    `SELECT id FROM components WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL
     UNION SELECT id FROM canaries WHERE id = ANY($2::uuid[]) AND deleted_at IS NULL`,
    [components, canaries],
  );
  const found = new Set(r.rows.map((row) => row.id));
  const missing = [...components, ...canaries].find((id) => !found.has(id));
  if (missing) throw badRequest(`entry target ${missing} was not found`);
}

async function writeEntries(db: Queryable, pageId: string, entries: EntryInput[]): Promise<void> {
  await db.query('DELETE FROM status_page_entries WHERE status_page_id = $1', [pageId]);
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO status_page_entries (status_page_id, position, section, display_name, component_id, canary_id,
       show_status, show_uptime, show_incidents)
     SELECT $1, e.position, e.section, e.display_name, e.component_id, e.canary_id, e.show_status, e.show_uptime,
            e.show_incidents
       FROM json_to_recordset($2::json) AS e(position int, section text, display_name text, component_id uuid,
            canary_id uuid, show_status boolean, show_uptime boolean, show_incidents boolean)`,
    [pageId, JSON.stringify(entries.map((e, position) => ({ ...e, position })))],
  );
}

const PAGE_COLUMNS = `p.id, p.name, p.slug, p.logo_text, p.description, p.published, p.published_at, p.created_at,
  p.updated_at`;

async function pageDetail(db: Queryable, id: string): Promise<Record<string, unknown>> {
  const page = await db.query(`SELECT ${PAGE_COLUMNS} FROM status_pages p WHERE p.id = $1`, [id]);
  const row = page.rows[0];
  if (!row) throw notFound('status page not found');
  const entries = await db.query(
    `SELECT e.id, e.position, e.section, e.display_name, e.component_id, e.canary_id, e.show_status,
            e.show_uptime, e.show_incidents,
            CASE WHEN e.component_id IS NOT NULL THEN 'component' ELSE 'check_group' END AS kind,
            coalesce(c.name, k.name) AS target_name,
            CASE WHEN e.component_id IS NOT NULL THEN c.deleted_at IS NOT NULL ELSE k.deleted_at IS NOT NULL END
              AS target_deleted
       FROM status_page_entries e
       LEFT JOIN components c ON c.id = e.component_id
       LEFT JOIN canaries k ON k.id = e.canary_id
      WHERE e.status_page_id = $1 ORDER BY e.position`,
    [id],
  );
  return { ...row, entries: entries.rows };
}

function pageId(ctx: AuthedContext): string {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw badRequest('invalid status page id: expected a UUID');
  return id;
}

function slugTaken(error: unknown, slug: string): never {
  const code = (error as { code?: unknown })?.code;
  if (code === '23505') throw conflict(`a status page with the slug "${slug}" already exists`);
  throw error;
}

async function listPages(ctx: AuthedContext): Promise<Response> {
  const r = await ctx.services.db.query(
    `SELECT ${PAGE_COLUMNS}, (SELECT count(*)::int FROM status_page_entries e WHERE e.status_page_id = p.id) AS entry_count
       FROM status_pages p ORDER BY p.name, p.slug`,
  );
  return json(r.rows);
}

async function createPage(ctx: AuthedContext): Promise<Response> {
  const input = parsePage(await readJsonObject(ctx.request));
  const id = await ctx.services.db
    .transaction(async (tx) => {
      await checkTargets(tx, input.entries);
      const r = await tx.query<{ id: string }>(
        `INSERT INTO status_pages (name, slug, logo_text, description, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
        [input.name, input.slug, input.logo_text, input.description, ctx.identity.personId],
      );
      const created = r.rows[0]?.id;
      if (!created) throw new Error('status page was not created');
      await writeEntries(tx, created, input.entries);
      return created;
    })
    .catch((error: unknown) => slugTaken(error, input.slug));
  return json(await pageDetail(ctx.services.db, id), 201);
}

async function getPage(ctx: AuthedContext): Promise<Response> {
  return json(await pageDetail(ctx.services.db, pageId(ctx)));
}

async function updatePage(ctx: AuthedContext): Promise<Response> {
  const id = pageId(ctx);
  const input = parsePage(await readJsonObject(ctx.request));
  await ctx.services.db
    .transaction(async (tx) => {
      await checkTargets(tx, input.entries);
      const r = await tx.query(
        `UPDATE status_pages SET name = $2, slug = $3, logo_text = $4, description = $5, updated_by = $6,
                updated_at = now()
          WHERE id = $1`,
        [id, input.name, input.slug, input.logo_text, input.description, ctx.identity.personId],
      );
      if (!r.affectedRows) throw notFound('status page not found');
      await writeEntries(tx, id, input.entries);
    })
    .catch((error: unknown) => slugTaken(error, input.slug));
  dropPublicCache(ctx);
  return json(await pageDetail(ctx.services.db, id));
}

async function publishPage(ctx: AuthedContext): Promise<Response> {
  const id = pageId(ctx);
  const body = await readJsonObject(ctx.request);
  if (typeof body.published !== 'boolean') throw badRequest('published must be true or false');
  const r = await ctx.services.db.query(
    `UPDATE status_pages SET published = $2, updated_by = $3, updated_at = now(),
            published_at = CASE WHEN $2 THEN now() ELSE published_at END
      WHERE id = $1`,
    [id, body.published, ctx.identity.personId],
  );
  if (!r.affectedRows) throw notFound('status page not found');
  dropPublicCache(ctx);
  return json(await pageDetail(ctx.services.db, id));
}

async function deletePage(ctx: AuthedContext): Promise<Response> {
  const r = await ctx.services.db.query('DELETE FROM status_pages WHERE id = $1', [pageId(ctx)]);
  if (!r.affectedRows) throw notFound('status page not found');
  dropPublicCache(ctx);
  return new Response(null, { status: 204 });
}

async function previewPage(ctx: AuthedContext): Promise<Response> {
  const r = await ctx.services.db.query<PageRow>(
    `SELECT id, name, slug, logo_text, description, published FROM status_pages WHERE id = $1`,
    [pageId(ctx)],
  );
  const page = r.rows[0];
  if (!page) throw notFound('status page not found');
  return json(await buildPublicPage(ctx.services.db, page));
}

// ---- incidents: public title and updates ----------------------------------------------------------------------------

function incidentId(ctx: AuthedContext): string {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw badRequest('invalid incident id: expected a UUID');
  return id;
}

async function publicationOf(db: Queryable, id: string): Promise<Record<string, unknown>> {
  const incident = await db.query('SELECT 1 FROM incidents WHERE id = $1', [id]);
  if (!incident.rows.length) throw notFound('incident not found');
  const [publication, updates, pages] = await Promise.all([
    db.query<{ public: boolean; public_title: string; published_at: string | null; updated_at: string }>(
      'SELECT public, public_title, published_at, updated_at FROM incident_publications WHERE incident_id = $1',
      [id],
    ),
    db.query(
      `SELECT u.id, u.status, u.body, u.created_at,
              CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object('id', p.id, 'name', p.name) END AS created_by
         FROM incident_public_updates u LEFT JOIN people p ON p.id = u.created_by
        WHERE u.incident_id = $1 ORDER BY u.created_at DESC, u.id DESC`,
      [id],
    ),
    // The pages it appears on once public: an entry showing incidents whose component, or one of whose checks, the
    // incident's evidence names.
    db.query(
      `SELECT DISTINCT sp.name, sp.slug, sp.published
         FROM evidences ev JOIN hypotheses h ON h.id = ev.hypothesis_id AND h.incident_id = $1
         JOIN status_page_entries e ON e.show_incidents AND (
              e.component_id = ev.component_id
              OR e.canary_id = (SELECT canary_id FROM checks WHERE id = ev.check_id)
              OR e.component_id IN (SELECT component_id FROM check_component_relationships r
                                     WHERE r.check_id = ev.check_id AND r.deleted_at IS NULL))
         JOIN status_pages sp ON sp.id = e.status_page_id
        ORDER BY sp.name`,
      [id],
    ),
  ]);
  const row = publication.rows[0];
  return {
    incident_id: id,
    public: row?.public ?? false,
    public_title: row?.public_title ?? null,
    published_at: row?.published_at ?? null,
    updates: updates.rows,
    pages: pages.rows,
  };
}

async function getPublication(ctx: AuthedContext): Promise<Response> {
  return json(await publicationOf(ctx.services.db, incidentId(ctx)));
}

async function putPublication(ctx: AuthedContext): Promise<Response> {
  const id = incidentId(ctx);
  const body = await readJsonObject(ctx.request);
  if (typeof body.public !== 'boolean') throw badRequest('public must be true or false');
  const title = text(body, 'public_title', 200, body.public);
  const db = ctx.services.db;
  const incident = await db.query<{ title: string }>('SELECT title FROM incidents WHERE id = $1', [id]);
  if (!incident.rows.length) throw notFound('incident not found');
  const existing = await db.query('SELECT 1 FROM incident_publications WHERE incident_id = $1', [id]);
  if (!existing.rows.length && !body.public) return json(await publicationOf(db, id));
  await db.query(
    `INSERT INTO incident_publications (incident_id, public, public_title, published_at, updated_by)
     VALUES ($1, $2, coalesce($3, (SELECT public_title FROM incident_publications WHERE incident_id = $1)),
             CASE WHEN $2 THEN now() END, $4)
     ON CONFLICT (incident_id) DO UPDATE SET public = EXCLUDED.public,
       public_title = coalesce($3, incident_publications.public_title),
       published_at = CASE WHEN EXCLUDED.public AND NOT incident_publications.public THEN now()
                           ELSE incident_publications.published_at END,
       updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [id, body.public, title, ctx.identity.personId],
  );
  dropPublicCache(ctx);
  return json(await publicationOf(db, id));
}

async function addUpdate(ctx: AuthedContext): Promise<Response> {
  const id = incidentId(ctx);
  const body = await readJsonObject(ctx.request);
  const status = body.status;
  if (typeof status !== 'string' || !(PUBLIC_INCIDENT_STATUSES as readonly string[]).includes(status))
    throw badRequest(`status must be one of ${PUBLIC_INCIDENT_STATUSES.join(', ')}`);
  const message = text(body, 'body', 5000, true);
  const db = ctx.services.db;
  const publication = await db.query('SELECT 1 FROM incident_publications WHERE incident_id = $1', [id]);
  if (!publication.rows.length) {
    const incident = await db.query('SELECT 1 FROM incidents WHERE id = $1', [id]);
    if (!incident.rows.length) throw notFound('incident not found');
    throw new HttpError(409, 'give the incident a public title before writing public updates');
  }
  await db.query(
    'INSERT INTO incident_public_updates (incident_id, status, body, created_by) VALUES ($1, $2, $3, $4)',
    [id, status, message, ctx.identity.personId],
  );
  dropPublicCache(ctx);
  return json(await publicationOf(db, id), 201);
}

async function deleteUpdate(ctx: AuthedContext): Promise<Response> {
  const id = incidentId(ctx);
  const updateId = ctx.params.updateId ?? '';
  if (!isUuid(updateId)) throw badRequest('invalid update id: expected a UUID');
  const r = await ctx.services.db.query(
    'DELETE FROM incident_public_updates WHERE id = $1 AND incident_id = $2',
    [updateId, id],
  );
  if (!r.affectedRows) throw notFound('public update not found');
  dropPublicCache(ctx);
  return json(await publicationOf(ctx.services.db, id));
}

/** Reads take incident_publication:read; the incident's public title and updates need update/create/delete. */
const publication = (action: string, body: (ctx: AuthedContext) => Promise<Response>) =>
  endpoint(async (ctx) => {
    await authorize(ctx, 'incident_publication', action);
    return body(ctx);
  });

const page = (action: string) => ({ object: 'status_page', action });

export const statusPageRoutes: Route[] = [
  // The capability probe: a backend without status pages answers 404 here (the console then hides them).
  {
    method: 'GET',
    path: '/status-page/public',
    public: true,
    handle: async () => json({ capability: 'status-page', version: 1 }),
  },
  { method: 'GET', path: '/status-page/public/:slug', public: true, handle: publicPage },
  { method: 'GET', path: '/status-page/pages', permission: page('read'), handle: endpoint(listPages) },
  { method: 'POST', path: '/status-page/pages', permission: page('create'), handle: endpoint(createPage) },
  { method: 'GET', path: '/status-page/pages/:id', permission: page('read'), handle: endpoint(getPage) },
  { method: 'PUT', path: '/status-page/pages/:id', permission: page('update'), handle: endpoint(updatePage) },
  {
    method: 'DELETE',
    path: '/status-page/pages/:id',
    permission: page('delete'),
    handle: endpoint(deletePage),
  },
  {
    method: 'POST',
    path: '/status-page/pages/:id/publish',
    permission: page('update'),
    handle: endpoint(publishPage),
  },
  {
    method: 'GET',
    path: '/status-page/pages/:id/preview',
    permission: page('read'),
    handle: endpoint(previewPage),
  },
  { method: 'GET', path: '/status-page/incidents/:id', handle: publication('read', getPublication) },
  { method: 'PUT', path: '/status-page/incidents/:id', handle: publication('update', putPublication) },
  {
    method: 'POST',
    path: '/status-page/incidents/:id/updates',
    handle: publication('create', addUpdate),
  },
  {
    method: 'DELETE',
    path: '/status-page/incidents/:id/updates/:updateId',
    handle: publication('delete', deleteUpdate),
  },
];
