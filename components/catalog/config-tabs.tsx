'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { TabCount } from '@/components/catalog/tab-count';
import { useAfterLoad } from '@/components/widgets/use-after-load';
import type { ConfigDetail } from '@/lib/catalog/configs-endpoints';
import { catalogItemHref } from '@/lib/catalog/href';
import { CONFIG_TABS } from '@/lib/catalog/item-tabs';
import { cn } from '@/lib/utils';

// The Changes count runs the change feed's query (and its time-range code): it loads after the page's load event
// (outside the first load), and the tab shows no count until the total is known.
const ChangesBadge = dynamic(() => import('@/components/catalog/changes-badge').then((m) => m.ChangesBadge), {
  ssr: false,
});

/** The item's tabs as links (each tab is a route), with counts: the Changes list's total, the summary's for the others. */
export function ConfigTabs({
  id,
  summary,
  serverPageSize,
}: {
  id: string;
  summary: ConfigDetail['summary'];
  /** The tables' page size the server read, so the Changes count asks exactly what the Changes list asks. */
  serverPageSize: number;
}) {
  const pathname = usePathname();
  const loaded = useAfterLoad();
  return (
    <nav aria-label="Config item tabs" className="flex gap-1 overflow-x-auto border-b border-border px-4">
      {CONFIG_TABS.map((tab) => {
        const href = catalogItemHref(id, tab.segment);
        const current = decodeURIComponent(pathname) === decodeURIComponent(href);
        // Changes: the list's own total (ChangesBadge); the summary's count is of another query (issue 37).
        const count = tab.badge && tab.badge !== 'changes' ? (summary?.[tab.badge] ?? 0) : 0;
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
            {count > 0 && <TabCount count={count} />}
            {tab.badge === 'changes' && loaded && (
              <ChangesBadge configId={id} serverPageSize={serverPageSize} onChangesTab={current} />
            )}
          </Link>
        );
      })}
    </nav>
  );
}
