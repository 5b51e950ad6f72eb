/** Links of the status-page screens (issue 38). */

export const statusPagesHref = () => '/settings/status-page';
/** A page's editor; `new` creates one. */
export const statusPageEditHref = (id: string) => `/settings/status-page/${encodeURIComponent(id)}`;
export const statusPagePreviewHref = (id: string) =>
  `/settings/status-page/${encodeURIComponent(id)}/preview`;
/** The public page (outside the console). */
export const publicStatusPageHref = (slug: string) => `/status/${encodeURIComponent(slug)}`;
