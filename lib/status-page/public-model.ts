import { z } from 'zod';

/**
 * The public status page as the backend's `GET /status-page/public/{slug}` answers it (lib/embedded-backend/
 * endpoints/README.md, Status pages), checked before anything of it is shown. Names, texts and statuses only: the
 * backend sends no ids, internal names or addresses, and the schema drops any key it does not know (zod objects
 * strip), so a backend that sent more still could not leak it through these pages.
 */

const entryStatus = z.enum(['operational', 'degraded', 'outage', 'unknown']);
const incidentStatus = z.enum(['investigating', 'identified', 'monitoring', 'resolved']);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const incidentSchema = z.object({
  key: z.string().regex(/^[0-9a-f]{16,64}$/),
  title: z.string(),
  status: incidentStatus,
  started_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
  affects: z.array(z.string()),
  updates: z.array(z.object({ status: incidentStatus, body: z.string(), at: z.string() })),
});

export const publicStatusPageSchema = z.object({
  page: z.object({
    name: z.string(),
    slug: z.string(),
    logo_text: z.string().nullable(),
    description: z.string().nullable(),
  }),
  generated_at: z.string(),
  status: z.enum(['operational', 'degraded', 'partial_outage', 'major_outage', 'unknown']),
  uptime_window: z.object({ from: day, to: day, days: z.number().int().min(1).max(366) }),
  sections: z.array(
    z.object({
      name: z.string(),
      entries: z.array(
        z.object({
          name: z.string(),
          status: entryStatus.optional(),
          uptime: z
            .object({
              percent: z.number().nullable(),
              days: z.array(
                z.object({
                  date: day,
                  state: z.enum(['operational', 'degraded', 'outage']),
                  percent: z.number(),
                }),
              ),
            })
            .optional(),
        }),
      ),
    }),
  ),
  incidents: z.object({ active: z.array(incidentSchema), history: z.array(incidentSchema) }),
});

export type PublicStatusPage = z.infer<typeof publicStatusPageSchema>;
export type PublicEntry = PublicStatusPage['sections'][number]['entries'][number];
export type PublicIncident = PublicStatusPage['incidents']['active'][number];
export type EntryStatus = z.infer<typeof entryStatus>;
export type PublicIncidentStatus = z.infer<typeof incidentStatus>;

export const OVERALL_LABELS: Record<PublicStatusPage['status'], string> = {
  operational: 'All systems operational',
  degraded: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  unknown: 'Status unknown',
};

export const ENTRY_LABELS: Record<EntryStatus, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  outage: 'Outage',
  unknown: 'Unknown',
};

export const INCIDENT_LABELS: Record<PublicIncidentStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

export type UptimeSlot =
  | { date: string; state: 'operational' | 'degraded' | 'outage'; percent: number }
  | { date: string; state: 'none' };

/** The window's days oldest first, each with its bar or 'none' where the backend had no results that day. */
export function uptimeSlots(
  window: PublicStatusPage['uptime_window'],
  days: readonly { date: string; state: 'operational' | 'degraded' | 'outage'; percent: number }[],
): UptimeSlot[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const end = Date.parse(`${window.to}T00:00:00Z`);
  const slots: UptimeSlot[] = [];
  for (let i = window.days - 1; i >= 0; i--) {
    const date = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    slots.push(byDate.get(date) ?? { date, state: 'none' });
  }
  return slots;
}

/** `2026-12-06 11:39 UTC`: the same text for every visitor and in the cache (no script to localise it). */
export function formatInstant(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
