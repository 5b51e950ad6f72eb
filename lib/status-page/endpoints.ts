import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import { PUBLIC_UPDATE_STATUSES, type PublicUpdateStatus } from '@/lib/status-page/constants';
import { publicStatusPageSchema, type PublicStatusPage } from '@/lib/status-page/public-model';

/**
 * The status-page calls of the console (issue 38; contract in lib/embedded-backend/endpoints/README.md, Status
 * pages): pages and their entries (admin), an incident's public title and updates (admin, commander), and the
 * pickers' component and check-group names.
 */

export const entrySchema = z.looseObject({
  id: z.string().optional(),
  position: z.number(),
  section: z.string(),
  display_name: z.string(),
  kind: z.enum(['component', 'check_group']),
  component_id: z.string().nullable(),
  canary_id: z.string().nullable(),
  target_name: z.string().nullish(),
  target_deleted: z.boolean().nullish(),
  show_status: z.boolean(),
  show_uptime: z.boolean(),
  show_incidents: z.boolean(),
});
export type StatusPageEntry = z.infer<typeof entrySchema>;

const pageFields = {
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo_text: z.string().nullable(),
  description: z.string().nullable(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  updated_at: z.string().nullish(),
};
export const statusPageSummarySchema = z.looseObject({ ...pageFields, entry_count: z.number() });
export type StatusPageSummary = z.infer<typeof statusPageSummarySchema>;
export const statusPageSchema = z.looseObject({ ...pageFields, entries: z.array(entrySchema) });
export type StatusPage = z.infer<typeof statusPageSchema>;

/** What a save sends: the whole page with its entries in order (the backend replaces them in one transaction). */
export interface StatusPageBody {
  name: string;
  slug: string;
  logo_text: string | null;
  description: string | null;
  entries: {
    section: string;
    display_name: string;
    component_id: string | null;
    canary_id: string | null;
    show_status: boolean;
    show_uptime: boolean;
    show_incidents: boolean;
  }[];
}

export const statusPagesEndpoint = (): Endpoint<StatusPageSummary[]> => ({
  path: '/status-page/pages',
  schema: z.array(statusPageSummarySchema),
});

const pagePath = (id: string) => `/status-page/pages/${encodeURIComponent(id)}`;

export const statusPageEndpoint = (id: string): Endpoint<StatusPage> => ({
  path: pagePath(id),
  schema: statusPageSchema,
});

export const createStatusPageEndpoint = (body: StatusPageBody): Endpoint<StatusPage> => ({
  method: 'POST',
  path: '/status-page/pages',
  body,
  schema: statusPageSchema,
});

export const updateStatusPageEndpoint = (id: string, body: StatusPageBody): Endpoint<StatusPage> => ({
  method: 'PUT',
  path: pagePath(id),
  body,
  schema: statusPageSchema,
});

export const publishStatusPageEndpoint = (id: string, published: boolean): Endpoint<StatusPage> => ({
  method: 'POST',
  path: `${pagePath(id)}/publish`,
  body: { published },
  schema: statusPageSchema,
});

export const deleteStatusPageEndpoint = (id: string): Endpoint<unknown> => ({
  method: 'DELETE',
  path: pagePath(id),
  schema: z.unknown(),
});

export const previewStatusPageEndpoint = (id: string): Endpoint<PublicStatusPage> => ({
  path: `${pagePath(id)}/preview`,
  schema: publicStatusPageSchema,
});

/** The capability probe: 200 on a backend with status pages, 404 on one without. */
export const statusPageCapabilityEndpoint = (): Endpoint<unknown> => ({
  path: '/status-page/public',
  schema: z.unknown(),
});

// ---- pickers ---------------------------------------------------------------------------------------------------

const targetSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string().nullish(),
  namespace: z.string().nullish(),
});
export type EntryTarget = z.infer<typeof targetSchema>;

export const componentTargetsEndpoint = (): Endpoint<EntryTarget[]> => {
  const q = pgrst('components')
    .select('id,name,type')
    .is('deleted_at', null)
    .order('name', 'asc')
    .limit(2000);
  return { path: q.toPath(), schema: z.array(targetSchema) };
};

export const checkGroupTargetsEndpoint = (): Endpoint<EntryTarget[]> => {
  const q = pgrst('canary_names').select('id,name,namespace').order('name', 'asc');
  return { path: q.toPath(), schema: z.array(targetSchema) };
};

// ---- incidents -------------------------------------------------------------------------------------------------

export const publicationSchema = z.looseObject({
  incident_id: z.string(),
  public: z.boolean(),
  public_title: z.string().nullable(),
  published_at: z.string().nullable(),
  updates: z.array(
    z.looseObject({
      id: z.string(),
      status: z.enum(PUBLIC_UPDATE_STATUSES),
      body: z.string(),
      created_at: z.string(),
      created_by: z.looseObject({ id: z.string(), name: z.string().nullish() }).nullish(),
    }),
  ),
  pages: z.array(z.looseObject({ name: z.string(), slug: z.string(), published: z.boolean() })),
});
export type IncidentPublication = z.infer<typeof publicationSchema>;

const incidentPath = (id: string) => `/status-page/incidents/${encodeURIComponent(id)}`;

export const publicationEndpoint = (incidentId: string): Endpoint<IncidentPublication> => ({
  path: incidentPath(incidentId),
  schema: publicationSchema,
});

export const savePublicationEndpoint = (
  incidentId: string,
  body: { public: boolean; public_title: string | null },
): Endpoint<IncidentPublication> => ({
  method: 'PUT',
  path: incidentPath(incidentId),
  body,
  schema: publicationSchema,
});

export const addPublicUpdateEndpoint = (
  incidentId: string,
  body: { status: PublicUpdateStatus; body: string },
): Endpoint<IncidentPublication> => ({
  method: 'POST',
  path: `${incidentPath(incidentId)}/updates`,
  body,
  schema: publicationSchema,
});

export const deletePublicUpdateEndpoint = (
  incidentId: string,
  updateId: string,
): Endpoint<IncidentPublication> => ({
  method: 'DELETE',
  path: `${incidentPath(incidentId)}/updates/${encodeURIComponent(updateId)}`,
  schema: publicationSchema,
});
