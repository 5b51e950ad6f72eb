'use client';

import { useAccess } from '@/components/shell/session-provider';
import { PageTabs } from '@/components/widgets/page-tabs';
import { NOTIFICATION_PAGES } from '@/lib/notifications/href';

/**
 * The three notification pages as tabs (the earlier console's tab bar), each its own route; a page the backend
 * refuses the person (send history and rules are admin-only there) is left out (issue 37).
 */
export function NotificationTabs({
  current,
  actions,
}: {
  current: (typeof NOTIFICATION_PAGES)[number]['href'];
  actions?: React.ReactNode;
}) {
  const { canOpen } = useAccess();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border">
      <PageTabs
        label="Notification pages"
        pages={NOTIFICATION_PAGES.filter((p) => p.href === current || canOpen(p.href))}
        current={current}
      />
      {actions && <div className="flex gap-2 pb-1">{actions}</div>}
    </div>
  );
}
