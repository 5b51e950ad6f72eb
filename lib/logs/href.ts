/** A link into the logs screen, apart from search.ts so that a link does not load its contract. */

/** The logs of one component. */
export const componentLogsHref = (componentId: string) =>
  `/logs?topologyId=${encodeURIComponent(componentId)}`;
