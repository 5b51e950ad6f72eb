import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { sidebarIcons } from '@/components/shell/shell-icons';
import { Sidebar } from '@/components/shell/sidebar';
import { TooltipProvider } from '@/components/ui/tooltip';
import { DEFAULT_PREFERENCES, parsePreferences, PREFERENCES_COOKIE } from '@/lib/preferences/preferences';
import type { SidebarModel } from '@/lib/shell/sidebar-entries';

let pathname = '/health';
const refresh = jest.fn();
jest.mock('next/navigation', () => ({
  usePathname: () => pathname,
  useRouter: () => ({ refresh, push: jest.fn(), replace: jest.fn() }),
}));

const model: SidebarModel = {
  main: [
    { href: '/topology', label: 'Dashboard', icon: 'layout-dashboard' },
    { href: '/health', label: 'Health', icon: 'heart-pulse' },
  ],
  settings: [
    { href: '/settings/agents', label: 'Agents', icon: 'server' },
    { href: '/settings/connections', label: 'Connections', icon: 'plug' },
  ],
};

function renderSidebar(collapsed = false) {
  return render(
    <PreferencesProvider initial={{ ...DEFAULT_PREFERENCES, sidebarCollapsed: collapsed }}>
      <TooltipProvider>
        <Sidebar model={model} icons={sidebarIcons(model)} requestPath={pathname} />
      </TooltipProvider>
    </PreferencesProvider>,
  );
}

function cookiePreferences() {
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${PREFERENCES_COOKIE}=`))
    ?.slice(PREFERENCES_COOKIE.length + 1);
  return parsePreferences(raw);
}

beforeEach(() => {
  pathname = '/health';
  document.cookie = `${PREFERENCES_COOKIE}=; max-age=0; path=/`;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

describe('Sidebar', () => {
  it('links the logo to / and marks the current entry', () => {
    renderSidebar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Mission Control home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Health' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(nav.className).toContain('lg:w-56');
  });

  it('opens the Settings submenu and shows its entries', async () => {
    renderSidebar();
    expect(screen.queryByRole('link', { name: 'Agents' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('link', { name: 'Agents' })).toHaveAttribute('href', '/settings/agents');
    expect(screen.getByRole('link', { name: 'Connections' })).toBeInTheDocument();
  });

  it('starts with Settings open on a settings page', () => {
    pathname = '/settings/agents';
    renderSidebar();
    expect(screen.getByRole('link', { name: 'Agents' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses to 14 units and persists the state in the preferences cookie', async () => {
    renderSidebar();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveAttribute('data-collapsed', 'true');
    expect(nav.className).toContain('w-14');
    expect(cookiePreferences().sidebarCollapsed).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(cookiePreferences().sidebarCollapsed).toBe(false);
  });

  it('keeps the expanded preference on an outside click from 1024 px on', async () => {
    renderSidebar();
    await userEvent.click(document.body);
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-collapsed', 'false');
  });

  it('below 1024 px is a rail that opens over the page and collapses again on an outside click', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 900 });
    renderSidebar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // The expanded preference does not apply on a narrow screen: the rail starts collapsed, labels hidden.
    expect(nav).toHaveAttribute('data-collapsed', 'true');
    expect(within(nav).getByText('Health')).toHaveClass('max-lg:sr-only');
    await userEvent.click(within(nav).getByRole('button', { name: 'Expand sidebar' }));
    expect(nav).toHaveAttribute('data-collapsed', 'false');
    expect(nav.className).toContain('fixed');
    expect(cookiePreferences().sidebarCollapsed).toBe(false);
    await userEvent.click(nav);
    expect(nav).toHaveAttribute('data-collapsed', 'false');
    await userEvent.click(document.body);
    expect(nav).toHaveAttribute('data-collapsed', 'true');
    expect(nav.className).not.toContain('fixed');
  });
});
