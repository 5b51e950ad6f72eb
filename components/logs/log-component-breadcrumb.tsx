'use client';

import { useQuery } from '@tanstack/react-query';
import { ComponentBreadcrumbs } from '@/components/topology';
import type { LogComponent } from '@/lib/logs/endpoints';
import { topologyQueries, ancestorIds } from '@/lib/topology';

/** The chosen component's place in the topology: its ancestors, named, then the component. */
export function LogComponentBreadcrumb({ component }: { component: LogComponent }) {
  const ids = ancestorIds({
    id: component.id,
    path: component.path ?? null,
    parent_id: component.parent_id ?? null,
  });
  const names = useQuery({ ...topologyQueries.names(ids), enabled: ids.length > 0 });
  const byId = new Map((names.data ?? []).map((n) => [n.id, n]));
  const ancestors = ids.flatMap((id) => {
    const hit = byId.get(id);
    return hit ? [hit] : [];
  });
  return (
    <ComponentBreadcrumbs
      ancestors={ancestors}
      current={{ name: component.name ?? component.id, icon: component.icon, type: component.type }}
    />
  );
}
