/** Links into the incidents screens, apart from search.ts so that a link does not load its contract. */

/** An incident's page. */
export const incidentHref = (incidentId: string) => `/incidents/${encodeURIComponent(incidentId)}`;

/** The incidents of one component and type (the topology card's summary). */
export const componentIncidentsHref = (componentId: string, type: string) =>
  `/incidents?component=${encodeURIComponent(componentId)}&type=${encodeURIComponent(type)}`;
