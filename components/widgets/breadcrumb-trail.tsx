import { Fragment } from 'react';
import type * as React from 'react';
import Link from 'next/link';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';

export interface BreadcrumbStep {
  /** Unique within the trail (a record's id, or its href). */
  key?: string;
  href: string;
  label: React.ReactNode;
  className?: string;
}

/** A page's breadcrumb from its steps: each a link back up, separated, then the current page (not a link). */
export function BreadcrumbTrail({
  steps,
  current,
  currentClassName,
}: {
  steps: readonly BreadcrumbStep[];
  current: React.ReactNode;
  currentClassName?: string;
}) {
  return (
    <Breadcrumb>
      <BreadcrumbList>
        {steps.map((step) => (
          <Fragment key={step.key ?? step.href}>
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link href={step.href} className={step.className}>
                  {step.label}
                </Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
            <BreadcrumbSeparator />
          </Fragment>
        ))}
        <BreadcrumbItem>
          <BreadcrumbPage className={currentClassName}>{current}</BreadcrumbPage>
        </BreadcrumbItem>
      </BreadcrumbList>
    </Breadcrumb>
  );
}
