import type { TopologyComponent, TopologyTreeParams } from '@/lib/topology/endpoints';
import { splitLabelFilter, type TopologySearch } from '@/lib/topology/search';
import { sortComponents } from '@/lib/topology/sort';

/**
 * Filtering of the component tree. The backend filters too; applying the same rules here keeps the cards right
 * when a backend ignores a parameter, and makes a type filter flatten the tree whatever the backend returned.
 */

/** Every component of the forest, depth first, each once (a component may be reached twice through links). */
export function flattenComponents(roots: readonly TopologyComponent[]): TopologyComponent[] {
  const out: TopologyComponent[] = [];
  const seen = new Set<string>();
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next || seen.has(next.id)) continue;
    seen.add(next.id);
    out.push(next);
    const children = next.components ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push(child);
    }
  }
  return out;
}

export interface VisibilityOptions {
  showHidden: boolean;
  /**
   * On a component page a status filter looks at the leaves of the whole subtree, because the card summaries
   * (whose links carry that filter) count leaves.
   */
  statusMatchesLeaves?: boolean;
}

/** The components without children, at any depth. */
export function leafComponents(roots: readonly TopologyComponent[]): TopologyComponent[] {
  return flattenComponents(roots).filter((c) => (c.components ?? []).length === 0);
}

/** Whether one component passes the filters (the type filter is applied by flattening, see filterComponents). */
export function matchesTopologyFilters(
  c: TopologyComponent,
  search: TopologySearch,
  options: VisibilityOptions,
): boolean {
  if (!options.showHidden && c.hidden) return false;
  if (search.status && (c.status ?? '').toLowerCase() !== search.status.toLowerCase()) return false;
  if (search.type && c.type !== search.type) return false;
  // The backend matches teams through team_components; the owner is the fallback of a tree that lacks them.
  if (search.team && !(c.teams ?? []).includes(search.team) && c.owner !== search.team) return false;
  if (search.agent && c.agent_id !== search.agent) return false;
  const label = splitLabelFilter(search.labels);
  if (label && c.labels?.[label.key] !== label.value) return false;
  return true;
}

/**
 * The cards to show for a list of components (the roots on /topology, the children on /topology/{id}): filtered,
 * flattened to every descendant when a type is chosen, and sorted.
 */
export function filterComponents(
  components: readonly TopologyComponent[],
  search: TopologySearch,
  options: VisibilityOptions,
): TopologyComponent[] {
  const candidates =
    search.status && options.statusMatchesLeaves
      ? leafComponents(components)
      : search.type
        ? flattenComponents(components)
        : components;
  return sortComponents(
    candidates.filter((c) => matchesTopologyFilters(c, search, options)),
    search.sortBy,
    search.sortOrder,
  );
}

export interface TopologyFacets {
  statuses: string[];
  types: string[];
  teams: string[];
}

const uniqueSorted = (values: Iterable<string | null | undefined>) =>
  [...new Set([...values].filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b));

/** The filter bar's choices: the backend's facets when it sent them, otherwise those of the tree itself. */
export function topologyFacets(
  tree: { healthStatuses?: string[] | null; types?: string[] | null; teams?: string[] | null },
  components: readonly TopologyComponent[],
): TopologyFacets {
  const all = flattenComponents(components);
  return {
    statuses: tree.healthStatuses?.length
      ? uniqueSorted(tree.healthStatuses)
      : uniqueSorted(all.map((c) => c.status)),
    types: tree.types?.length ? uniqueSorted(tree.types) : uniqueSorted(all.map((c) => c.type)),
    teams: tree.teams?.length ? uniqueSorted(tree.teams) : uniqueSorted(all.flatMap((c) => c.teams ?? [])),
  };
}

/** Property names that can sort the cards (upstream's custom sort): numeric properties present on the cards. */
export function sortablePropertyNames(components: readonly TopologyComponent[]): string[] {
  const names = new Set<string>();
  for (const c of components) {
    for (const p of c.properties ?? []) {
      if (p.name && typeof p.value === 'number') names.add(p.name);
    }
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** The ids of a component's ancestors from its `path` (`root.parent`), root first. */
export function ancestorIds(component: Pick<TopologyComponent, 'id' | 'path' | 'parent_id'>): string[] {
  const fromPath = (component.path ?? '')
    .split('.')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== component.id);
  if (fromPath.length > 0) return fromPath;
  return component.parent_id ? [component.parent_id] : [];
}

/** The backend's tree parameters for the URL's filters (the component page asks for its component unfiltered). */
export function treeParams(search: TopologySearch, showHidden: boolean): TopologyTreeParams {
  const params: TopologyTreeParams = { sortBy: search.sortBy, sortOrder: search.sortOrder, showHidden };
  if (search.status) params.status = search.status;
  if (search.type) params.type = search.type;
  if (search.team) params.team = search.team;
  if (search.labels) params.labels = search.labels;
  if (search.agent) params.agentId = search.agent;
  return params;
}
