'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePreferences } from '@/components/providers/preferences-provider';
import type { SidebarIcons } from '@/components/shell/shell-icons';
import { useDisplayPathname } from '@/components/shell/use-display-pathname';
import { cn } from '@/lib/utils';
import type { SidebarEntry, SidebarModel } from '@/lib/shell/sidebar-entries';

/**
 * The collapsed sidebar's tooltips: Radix's tooltip (and its positioning code) loads only once the sidebar is
 * collapsed; until it has loaded the link renders without one (the label stays in the link as sr-only text).
 */
const LazySimpleTooltip = React.lazy(() => import('@/components/ui/tooltip').then((m) => ({ default: m.SimpleTooltip })));

/** Below this window width an outside click collapses the sidebar (spec 000 §2). */
const AUTO_COLLAPSE_BELOW = 1024;

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

function NavLink({ entry, icon, collapsed, pathname }: { entry: SidebarEntry; icon: React.ReactNode; collapsed: boolean; pathname: string }) {
  const active = isActive(pathname, entry.href);
  const link = (
    <Link
      href={entry.href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 hover:bg-accent hover:text-accent-foreground',
        active && 'bg-accent text-accent-foreground',
        collapsed && 'justify-center px-0',
      )}
    >
      {icon}
      <span className={cn('truncate', collapsed && 'sr-only')}>{entry.label}</span>
    </Link>
  );
  return collapsed ? (
    <React.Suspense fallback={link}>
      <LazySimpleTooltip content={entry.label} side="right">
        {link}
      </LazySimpleTooltip>
    </React.Suspense>
  ) : (
    link
  );
}

export function Sidebar({ model, icons, requestPath }: { model: SidebarModel; icons: SidebarIcons; requestPath: string }) {
  const pathname = useDisplayPathname(requestPath);
  const { preferences, setPreference } = usePreferences();
  const collapsed = preferences.sidebarCollapsed;
  const [settingsOpen, setSettingsOpen] = React.useState(() => pathname.startsWith('/settings'));
  const ref = React.useRef<HTMLElement>(null);

  React.useEffect(() => {
    if (collapsed) return;
    const onPointerDown = (event: PointerEvent) => {
      if (window.innerWidth >= AUTO_COLLAPSE_BELOW) return;
      if (ref.current && !ref.current.contains(event.target as Node)) setPreference('sidebarCollapsed', true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [collapsed, setPreference]);

  return (
    <nav
      ref={ref}
      aria-label="Main"
      data-collapsed={collapsed}
      className={cn(
        'sticky top-0 flex h-screen shrink-0 flex-col border-r bg-sidebar transition-[width] duration-150',
        collapsed ? 'w-14' : 'w-56',
      )}
    >
      <div className={cn('flex h-16 items-center border-b px-3', collapsed ? 'justify-center' : 'justify-between')}>
        <Link href="/" className="flex items-center gap-2 font-semibold" aria-label="Mission Control home">
          <img src="/icon.svg" alt="" width={28} height={28} />
          <span className={cn(collapsed && 'sr-only')}>Mission Control</span>
        </Link>
      </div>
      <div className="flex-1 space-y-1 overflow-y-auto p-2">
        {model.main.map((entry) => (
          <NavLink key={entry.href} entry={entry} icon={icons[entry.icon]} collapsed={collapsed} pathname={pathname} />
        ))}
        {model.settings.length > 0 && (
          <div className="pt-2">
            <button
              type="button"
              aria-expanded={settingsOpen}
              aria-controls="sidebar-settings"
              onClick={() => (collapsed ? setPreference('sidebarCollapsed', false) : setSettingsOpen((o) => !o))}
              className={cn(
                'flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 hover:bg-accent',
                collapsed && 'justify-center px-0',
              )}
            >
              {icons.settings}
              <span className={cn('flex-1 text-left', collapsed && 'sr-only')}>Settings</span>
              {!collapsed && (
                <span className={cn('transition-transform', settingsOpen && 'rotate-180')}>{icons['chevron-down']}</span>
              )}
            </button>
            {settingsOpen && !collapsed && (
              <div id="sidebar-settings" className="mt-1 space-y-1 pl-3">
                {model.settings.map((entry) => (
                  <NavLink key={entry.href} entry={entry} icon={icons[entry.icon]} collapsed={false} pathname={pathname} />
                ))}
              </div>
            )}
          </div>
        )}
      </div>
      <div className="border-t p-2">
        <button
          type="button"
          onClick={() => setPreference('sidebarCollapsed', !collapsed)}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          className="flex h-9 w-full items-center justify-center rounded-md text-muted-foreground hover:bg-accent"
        >
          {collapsed ? icons['panel-left-open'] : icons['panel-left-close']}
        </button>
      </div>
    </nav>
  );
}
