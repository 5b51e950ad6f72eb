import { PageTabs } from '@/components/widgets/page-tabs';

/** The three notification pages as tabs (the earlier console's tab bar), each its own route. */
const TABS = [
  { href: '/notifications', label: 'Notifications' },
  { href: '/notifications/rules', label: 'Rules' },
  { href: '/notifications/silences', label: 'Silences' },
] as const;

export function NotificationTabs({
  current,
  actions,
}: {
  current: (typeof TABS)[number]['href'];
  actions?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border">
      <PageTabs label="Notification pages" pages={TABS} current={current} />
      {actions && <div className="flex gap-2 pb-1">{actions}</div>}
    </div>
  );
}
