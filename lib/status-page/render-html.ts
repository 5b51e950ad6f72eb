import { createHash } from 'node:crypto';
import {
  ENTRY_LABELS,
  formatInstant,
  INCIDENT_LABELS,
  OVERALL_LABELS,
  uptimeSlots,
  type PublicIncident,
  type PublicStatusPage,
} from '@/lib/status-page/public-model';

/**
 * The public page as one HTML document with no script at all (issue 38: readable with JavaScript off, fast on a
 * slow network): one inline style sheet, allowed by its hash in the page's CSP, light and dark by the visitor's
 * `prefers-color-scheme`. Every text from the backend is escaped.
 */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
:root{color-scheme:light dark;--bg:#ffffff;--fg:#111827;--muted:#4b5563;--card:#f9fafb;--line:#e5e7eb;
--ok:#15803d;--warn:#b45309;--bad:#b91c1c;--none:#d1d5db;--unknown:#4b5563;--link:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--fg:#f3f4f6;--muted:#9ca3af;--card:#111827;--line:#1f2937;
--ok:#4ade80;--warn:#fbbf24;--bad:#f87171;--none:#374151;--unknown:#9ca3af;--link:#93c5fd}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--link)}
.wrap{max-width:56rem;margin:0 auto;padding:1.5rem 1rem 3rem}
header{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap;margin-bottom:1rem}
.logo{font-weight:700;font-size:1.25rem;border:2px solid currentColor;border-radius:.5rem;padding:.1rem .5rem}
h1{font-size:1.5rem;margin:0}
h2{font-size:1.15rem;margin:1.75rem 0 .5rem}
h3{font-size:1rem;margin:0 0 .25rem}
.desc{color:var(--muted);margin:.25rem 0 0;flex-basis:100%}
.overall{border-radius:.75rem;padding:1rem 1.25rem;color:#fff;margin:1rem 0}
.overall h2{margin:0;font-size:1.25rem}
.overall p{margin:.25rem 0 0}
.o-operational{background:#166534}.o-degraded{background:#92400e}.o-partial_outage,.o-major_outage{background:#991b1b}
.o-unknown{background:#374151}
ul.entries{list-style:none;margin:0;padding:0;border:1px solid var(--line);border-radius:.75rem;background:var(--card)}
ul.entries>li{padding:.75rem 1rem;border-top:1px solid var(--line)}
ul.entries>li:first-child{border-top:0}
.row{display:flex;justify-content:space-between;gap:.5rem;flex-wrap:wrap}
.name{font-weight:600}
.s{font-weight:600}
.s-operational{color:var(--ok)}.s-degraded{color:var(--warn)}.s-outage{color:var(--bad)}.s-unknown{color:var(--unknown)}
.bars{display:flex;gap:1px;height:2rem;margin-top:.5rem}
.bars span{flex:1;border-radius:1px;background:var(--none);min-width:1px}
.bars .b-operational{background:var(--ok)}.bars .b-degraded{background:var(--warn)}.bars .b-outage{background:var(--bad)}
.axis{display:flex;justify-content:space-between;color:var(--muted);font-size:.8rem;margin-top:.25rem}
article{border:1px solid var(--line);border-radius:.75rem;background:var(--card);padding:.75rem 1rem;margin:.5rem 0}
.meta{color:var(--muted);font-size:.9rem;margin:0}
ol.updates{list-style:none;margin:.5rem 0 0;padding:0}
ol.updates li{border-left:3px solid var(--line);padding:.1rem 0 .1rem .75rem;margin:.5rem 0}
ol.updates p{margin:.1rem 0;white-space:pre-wrap;overflow-wrap:anywhere}
.muted{color:var(--muted)}
footer{margin-top:2rem;color:var(--muted);font-size:.9rem}
.banner{background:#fef3c7;color:#111827;border-radius:.5rem;padding:.5rem 1rem;margin-bottom:1rem}
@media (max-width:30rem){.bars{height:1.5rem}.bars span:nth-child(-n+60){display:none}.axis .wide{display:none}}
`;

/** The CSP source of the style sheet (the page's only resource besides itself). */
export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The page's own CSP: nothing but its hashed style; no script, image, frame, form target or base. */
export const STATUS_PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const time = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(formatInstant(iso))}</time>`;

function incidentHtml(incident: PublicIncident, headingLevel: 3): string {
  const updates = incident.updates
    .map(
      (u) =>
        `<li><span class="s">${INCIDENT_LABELS[u.status]}</span> <span class="meta">${time(u.at)}</span><p>${escapeHtml(u.body)}</p></li>`,
    )
    .join('');
  const affects = incident.affects.length ? ` · Affects ${escapeHtml(incident.affects.join(', '))}` : '';
  const ended = incident.resolved_at ? ` · Resolved ${time(incident.resolved_at)}` : '';
  return `<article><h${headingLevel}>${escapeHtml(incident.title)}</h${headingLevel}><p class="meta">${INCIDENT_LABELS[incident.status]} · Started ${time(incident.started_at)}${ended}${affects}</p>${updates ? `<ol class="updates">${updates}</ol>` : ''}</article>`;
}

function entryHtml(
  entry: PublicStatusPage['sections'][number]['entries'][number],
  window: PublicStatusPage['uptime_window'],
): string {
  const status = entry.status ? `<span class="s s-${entry.status}">${ENTRY_LABELS[entry.status]}</span>` : '';
  let uptime = '';
  if (entry.uptime) {
    const slots = uptimeSlots(window, entry.uptime.days);
    const bars = slots
      .map((s) =>
        s.state === 'none'
          ? `<span title="${s.date}: no data"></span>`
          : `<span class="b-${s.state}" title="${s.date}: ${s.percent} %"></span>`,
      )
      .join('');
    const percent = entry.uptime.percent === null ? 'No data' : `${entry.uptime.percent} % uptime`;
    const label = `${entry.name}: ${percent} over the last ${window.days} days; ${entry.uptime.days.filter((d) => d.state !== 'operational').length} days with failures`;
    uptime = `<div class="bars" role="img" aria-label="${escapeHtml(label)}">${bars}</div><div class="axis" aria-hidden="true"><span><span class="wide">${window.days} days ago</span></span><span>${escapeHtml(percent)}</span><span>Today</span></div>`;
  }
  return `<li><div class="row"><span class="name">${escapeHtml(entry.name)}</span>${status}</div>${uptime}</li>`;
}

export interface RenderOptions {
  /** A banner over the page (the console's preview of an unpublished page). */
  banner?: string;
}

export function renderStatusPage(page: PublicStatusPage, options: RenderOptions = {}): string {
  const base = `/status/${encodeURIComponent(page.page.slug)}`;
  const title = `${page.page.name} status`;
  const logo = page.page.logo_text
    ? `<span class="logo" aria-hidden="true">${escapeHtml(page.page.logo_text)}</span>`
    : '';
  const description = page.page.description ? `<p class="desc">${escapeHtml(page.page.description)}</p>` : '';
  const active = page.incidents.active.length
    ? `<section aria-labelledby="active"><h2 id="active">Active incidents</h2>${page.incidents.active.map((i) => incidentHtml(i, 3)).join('')}</section>`
    : '';
  const sections = page.sections
    .map((s, i) => {
      const heading = s.name || (page.sections.length === 1 ? 'Services' : `Services ${i + 1}`);
      return `<section aria-labelledby="s${i}"><h2 id="s${i}">${escapeHtml(heading)}</h2><ul class="entries">${s.entries.map((e) => entryHtml(e, page.uptime_window)).join('')}</ul></section>`;
    })
    .join('');
  const history = page.incidents.history.length
    ? page.incidents.history.map((i) => incidentHtml(i, 3)).join('')
    : `<p class="muted">No incidents in the last ${page.uptime_window.days} days.</p>`;
  const banner = options.banner ? `<p class="banner" role="note">${escapeHtml(options.banner)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title><link rel="alternate" type="application/atom+xml" title="${escapeHtml(title)}" href="${base}/feed.xml"><style>${STYLE}</style></head><body><div class="wrap">${banner}<header>${logo}<h1>${escapeHtml(page.page.name)}</h1>${description}</header><main><section class="overall o-${page.status}" aria-labelledby="overall"><h2 id="overall">${OVERALL_LABELS[page.status]}</h2><p>Updated ${time(page.generated_at)}</p></section>${active}${sections}<section aria-labelledby="history"><h2 id="history">Past incidents</h2>${history}</section></main><footer>Subscribe: <a href="${base}/feed.xml">Atom feed</a> · <a href="${base}.json">JSON</a></footer></div></body></html>`;
}

/** A short page of its own for what is not a status page: not found, not available, too many requests, …. */
export function renderMessagePage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><div class="wrap"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></div></body></html>`;
}
