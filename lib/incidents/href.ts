/** Links into the incidents screens, apart from search.ts so that a link does not load its contract. */

/** The incidents of one component and type (the topology card's summary). */
export const componentIncidentsHref = (componentId: string, type: string) =>
  `/incidents?component=${componentId}&type=${encodeURIComponent(type)}`;
