import { createHash } from 'node:crypto';
import { INCIDENT_LABELS, OVERALL_LABELS, type PublicStatusPage } from '@/lib/status-page/public-model';

/**
 * The Atom feed (RFC 4287) and the JSON of a public page. The feed has one entry per incident (active first, then
 * the last 90 days), updated when its latest public update was written; ids are `urn:uuid:` forms of the backend's
 * opaque incident keys, links are relative to the feed (no host from the request reaches the cached text).
 */

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** 32 hex digits as a UUID's text (the Atom id of an incident or a page). */
function urnOf(hex: string): string {
  const h = hex.padEnd(32, '0').slice(0, 32);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function renderAtomFeed(page: PublicStatusPage): string {
  const base = `/status/${encodeURIComponent(page.page.slug)}`;
  const incidents = [...page.incidents.active, ...page.incidents.history];
  const updated = incidents.reduce(
    (latest, i) => (i.updated_at > latest ? i.updated_at : latest),
    incidents[0]?.updated_at ?? page.generated_at,
  );
  const entries = incidents
    .map((incident) => {
      const text = incident.updates.length
        ? incident.updates.map((u) => `${INCIDENT_LABELS[u.status]} (${u.at}): ${u.body}`).join('\n\n')
        : INCIDENT_LABELS[incident.status];
      return `<entry><id>${urnOf(incident.key)}</id><title>${escapeXml(`[${INCIDENT_LABELS[incident.status]}] ${incident.title}`)}</title><updated>${escapeXml(incident.updated_at)}</updated><published>${escapeXml(incident.started_at)}</published><link rel="alternate" type="text/html" href="${base}"/>${incident.affects.map((a) => `<category term="${escapeXml(a)}"/>`).join('')}<content type="text">${escapeXml(text)}</content></entry>`;
    })
    .join('');
  const pageId = createHash('sha256').update(`status-page:${page.page.slug}`).digest('hex');
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><id>${urnOf(pageId)}</id><title>${escapeXml(`${page.page.name} status`)}</title><subtitle>${escapeXml(OVERALL_LABELS[page.status])}</subtitle><updated>${escapeXml(updated)}</updated><link rel="self" type="application/atom+xml" href="${base}/feed.xml"/><link rel="alternate" type="text/html" href="${base}"/><author><name>${escapeXml(page.page.name)}</name></author>${entries}</feed>\n`;
}

/** The JSON of `/status/{slug}.json`: the checked page, as parsed (unknown keys already dropped). */
export function renderJson(page: PublicStatusPage): string {
  return JSON.stringify(page);
}
