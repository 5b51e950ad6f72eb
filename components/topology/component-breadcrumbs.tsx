import { Fragment } from 'react';
import Link from 'next/link';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
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
    <Breadcrumb>
      <BreadcrumbList>
        <BreadcrumbItem>
          <BreadcrumbLink asChild>
            <Link href="/topology">Topology</Link>
          </BreadcrumbLink>
        </BreadcrumbItem>
        {ancestors.map((a) => (
          <Fragment key={a.id}>
            <BreadcrumbSeparator />
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link href={componentHref(a.id)} className="inline-flex items-center gap-1">
                  <ComponentIcon icon={a.icon} type={a.type} className="size-4" />
                  {a.name || 'Unnamed component'}
                </Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
          </Fragment>
        ))}
        <BreadcrumbSeparator />
        <BreadcrumbItem>
          <BreadcrumbPage className="inline-flex items-center gap-1 font-medium">
            <ComponentIcon icon={current.icon} type={current.type} className="size-4" />
            {current.name}
          </BreadcrumbPage>
        </BreadcrumbItem>
      </BreadcrumbList>
    </Breadcrumb>
  );
}
