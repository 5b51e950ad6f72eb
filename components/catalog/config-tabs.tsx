'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ConfigDetail } from '@/lib/catalog/configs-endpoints';
import { CONFIG_TABS } from '@/lib/catalog/constants';
import { catalogItemHref } from '@/lib/catalog/href';
import { cn } from '@/lib/utils';

/** The item's tabs as links (each tab is a route), with the detail summary's counts as badges. */
export function ConfigTabs({ id, summary }: { id: string; summary: ConfigDetail['summary'] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Config item tabs" className="flex gap-1 overflow-x-auto border-b border-border px-4">
      {CONFIG_TABS.map((tab) => {
        const href = catalogItemHref(id, tab.segment);
        const current = decodeURIComponent(pathname) === decodeURIComponent(href);
        const count = tab.badge ? (summary?.[tab.badge] ?? 0) : 0;
        return (
          <Link
            key={tab.segment}
            href={href}
            aria-current={current ? 'page' : undefined}
            className={cn(
              '-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm whitespace-nowrap',
              current
                ? 'border-primary font-medium text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {tab.label}
            {count > 0 && (
              <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums text-foreground">
                {count}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
