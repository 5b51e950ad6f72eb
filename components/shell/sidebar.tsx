'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePreferences } from '@/components/shell/preferences-provider';
import type { SidebarIcons } from '@/components/shell/shell-icons';
import { setSidebarOverlay, useSidebarOverlay, useWideScreen } from '@/components/shell/sidebar-overlay';
import { useDisplayPathname } from '@/components/shell/use-display-pathname';
import { cn } from '@/lib/utils';
import type { SidebarEntry, SidebarModel } from '@/lib/shell/sidebar-entries';

/**
 * The collapsed sidebar's tooltips: Radix's tooltip (and its positioning code) loads only once the sidebar is
 * collapsed; until it has loaded the link renders without one (the label stays in the link as sr-only text).
 */
const LazySimpleTooltip = React.lazy(() =>
  import('@/components/ui/tooltip').then((m) => ({ default: m.SimpleTooltip })),
);

/** The id of the sidebar slot that the saved views' group fills once loaded. */
export const SIDEBAR_SAVED_ID = 'sidebar-saved';

/** Below this window width the sidebar is a rail of icons that opens over the page (spec 000 §2: 1024). */
const WIDE = 1024;

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

function NavLink({
  entry,
  icon,
  collapsed,
  labelClass,
  pathname,
}: {
  entry: SidebarEntry;
  icon: React.ReactNode;
  collapsed: boolean;
  labelClass: string;
  pathname: string;
}) {
  const active = isActive(pathname, entry.href);
  const link = (
    <Link
      href={entry.href}
      aria-current={active ? 'page' : undefined}
      onClick={() => setSidebarOverlay(false)}
      className={cn(
        'flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 hover:bg-accent hover:text-accent-foreground',
        active && 'bg-accent text-accent-foreground',
      )}
    >
      {icon}
      <span className={cn('truncate', labelClass)}>{entry.label}</span>
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

/**
 * The sidebar (spec 000 §2): expanded (56 units) or collapsed (14) by the persisted preference from 1024 px wide;
 * below that a rail of icons (hidden on a phone) that opens over the page and closes on an outside click, Escape or a
 * chosen link. What CSS can decide is decided by CSS, so the first server paint is right at every width.
 */
export function Sidebar({
  model,
  icons,
  requestPath,
}: {
  model: SidebarModel;
  icons: SidebarIcons;
  requestPath: string;
}) {
  const pathname = useDisplayPathname(requestPath);
  const { preferences, setPreference } = usePreferences();
  const preferCollapsed = preferences.sidebarCollapsed;
  const overlay = useSidebarOverlay();
  const wide = useWideScreen(WIDE);
  const collapsed = wide ? preferCollapsed : !overlay;
  const [settingsOpen, setSettingsOpen] = React.useState(() => pathname.startsWith('/settings'));
  const ref = React.useRef<HTMLElement>(null);
  // Labels: shown in the overlay; otherwise by the preference, and never on the narrow rail.
  const labelClass = overlay ? '' : preferCollapsed ? 'sr-only' : 'max-lg:sr-only';
  const expand = () => (wide ? setPreference('sidebarCollapsed', false) : setSidebarOverlay(true));

  React.useEffect(() => {
    if (!overlay) return;
    // The drawer behaves like the dialog it looks like (issue 37: on a phone it ignored Escape): focus moves into it,
    // Escape closes it and gives focus back to what opened it (the header's menu button or the rail's own).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const drawer = ref.current;
    (drawer?.querySelector<HTMLElement>('a[aria-current="page"]') ?? drawer?.querySelector('a'))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setSidebarOverlay(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setSidebarOverlay(false);
      if (opener?.isConnected) opener.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [overlay]);
  // Reaching the wide layout with the overlay open (a rotated tablet) leaves the preference in charge.
  React.useEffect(() => {
    if (wide) setSidebarOverlay(false);
  }, [wide]);

  return (
    <>
      {/* Keeps the rail's room in the layout while the sidebar is open over the page. */}
      {overlay && <div aria-hidden className="w-14 shrink-0 max-sm:hidden" />}
      <nav
        ref={ref}
        aria-label="Main"
        data-collapsed={collapsed}
        className={cn(
          'flex h-screen shrink-0 flex-col border-r bg-sidebar transition-[width] duration-150',
          overlay
            ? 'fixed inset-y-0 left-0 z-50 w-56 shadow-lg'
            : cn('sticky top-0 max-sm:hidden', preferCollapsed ? 'w-14' : 'w-14 lg:w-56'),
        )}
      >
        <div className="flex h-16 items-center border-b px-3">
          <Link href="/" className="flex items-center gap-2 font-semibold" aria-label="Mission Control home">
            <img src="/icon.svg" alt="" width={28} height={28} />
            <span className={labelClass}>Mission Control</span>
          </Link>
        </div>
        <div className="flex-1 space-y-1 overflow-y-auto p-2">
          {model.main.map((entry) => (
            <NavLink
              key={entry.href}
              entry={entry}
              icon={icons[entry.icon]}
              collapsed={collapsed}
              labelClass={labelClass}
              pathname={pathname}
            />
          ))}
          {/* Filled after the page's load by the command palette (its Saved group): no feature code in the kit. */}
          <div id={SIDEBAR_SAVED_ID} />
          {model.settings.length > 0 && (
            <div className="pt-2">
              <button
                type="button"
                aria-expanded={settingsOpen && !collapsed}
                aria-controls="sidebar-settings"
                onClick={() => (collapsed ? (expand(), setSettingsOpen(true)) : setSettingsOpen((o) => !o))}
                className="flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 hover:bg-accent"
              >
                {icons.settings}
                <span className={cn('flex-1 text-left', labelClass)}>Settings</span>
                {!collapsed && (
                  <span className={cn('transition-transform', settingsOpen && 'rotate-180')}>
                    {icons['chevron-down']}
                  </span>
                )}
              </button>
              {settingsOpen && !collapsed && (
                <div id="sidebar-settings" className="mt-1 space-y-1 pl-3">
                  {model.settings.map((entry) => (
                    <NavLink
                      key={entry.href}
                      entry={entry}
                      icon={icons[entry.icon]}
                      collapsed={false}
                      labelClass=""
                      pathname={pathname}
                    />
                  ))}
                </div>
              )}
            </div>
          )}
        </div>
        <div className="border-t p-2">
          <button
            type="button"
            onClick={() =>
              wide ? setPreference('sidebarCollapsed', !preferCollapsed) : setSidebarOverlay(!overlay)
            }
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className="flex h-9 w-full items-center justify-center rounded-md text-muted-foreground hover:bg-accent"
          >
            {collapsed ? icons['panel-left-open'] : icons['panel-left-close']}
          </button>
        </div>
      </nav>
      {overlay && <div aria-hidden className="fixed inset-0 z-40 bg-black/40" />}
    </>
  );
}
