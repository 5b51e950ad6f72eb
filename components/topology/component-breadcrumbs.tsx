import { BreadcrumbTrail } from '@/components/widgets/breadcrumb-trail';
import type { ComponentName } from '@/lib/topology/endpoints';
import { componentHref } from '@/lib/topology/href';
import { ComponentIcon } from '@/components/topology/component-icon';

/** Topology › root › … › parent › the component: every ancestor is a link back up the tree. */
export function ComponentBreadcrumbs({
  ancestors,
  current,
}: {
  ancestors: readonly ComponentName[];
  current: { name: string; icon?: string | null; type?: string | null };
}) {
  return (
    <BreadcrumbTrail
      steps={[
        { href: '/topology', label: 'Topology' },
        ...ancestors.map((a) => ({
          key: a.id,
          href: componentHref(a.id),
          className: 'inline-flex items-center gap-1',
          label: (
            <>
              <ComponentIcon icon={a.icon} type={a.type} className="size-4" />
              {a.name || 'Unnamed component'}
            </>
          ),
        })),
      ]}
      currentClassName="inline-flex items-center gap-1 font-medium"
      current={
        <>
          <ComponentIcon icon={current.icon} type={current.type} className="size-4" />
          {current.name}
        </>
      }
    />
  );
}
