import Link from 'next/link';
import { cn } from '@/lib/utils';

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
      <nav aria-label="Notification pages" className="flex gap-1">
        {TABS.map((tab) => (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={tab.href === current ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm',
              tab.href === current
                ? 'border-primary font-medium text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {actions && <div className="flex gap-2 pb-1">{actions}</div>}
    </div>
  );
}
