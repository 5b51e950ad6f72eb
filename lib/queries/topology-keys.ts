/**
 * Query keys of the topology screens, apart from the hooks so that light client components (the filter bar's
 * refresh) can invalidate them without loading the endpoint schemas. Keys are distinct per shape (upstream §9.15
 * shared one key between the tree and the name lookup).
 */
export const topologyKeys = {
  all: ['topology'] as const,
  component: (id: string) => [...topologyKeys.all, 'component', id] as const,
  section: (id: string, section: string) => [...topologyKeys.component(id), 'section', section] as const,
  topologyDetails: (topologyId: string) => [...topologyKeys.all, 'topology-details', topologyId] as const,
  configSearch: (term: string) => [...topologyKeys.all, 'config-search', term] as const,
};
