import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from '@/components/shell/header';
import { HeaderExtra, RefreshButton } from '@/components/shell/header-extra';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { SessionProvider } from '@/components/shell/session-provider';
import { headerIcons, sidebarIcons } from '@/components/shell/shell-icons';
import { Sidebar } from '@/components/shell/sidebar';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/constants';
import type { Role } from '@/lib/auth/permissions';
import { notificationsEntry } from '@/lib/notifications/href';
import type { SidebarModel } from '@/lib/shell/sidebar-entries';
import { clientSession } from '@/tests/helpers/client-session';

/** Issue 37: the header's buttons sit at one place on every page; on a phone the drawer closes on Escape. */

jest.mock('next/navigation', () => ({
  usePathname: () => '/health',
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const model: SidebarModel = {
  main: [
    { href: '/topology', label: 'Dashboard', icon: 'layout-dashboard' },
    { href: '/health', label: 'Health', icon: 'heart-pulse' },
  ],
  settings: [],
};

function Shell({ extra, controlRoutes = [] }: { extra?: boolean; controlRoutes?: string[] }) {
  return (
    <SessionProvider session={null}>
      <PreferencesProvider initial={DEFAULT_PREFERENCES}>
        <Sidebar model={model} icons={sidebarIcons(model)} requestPath="/health" />
        <Header
          docsUrl="https://docs.example"
          standalone={false}
          notificationsHref="/notifications"
          requestPath="/health"
          routeTitles={[['/health', 'Health']]}
          controlRoutes={controlRoutes}
          icons={headerIcons()}
        />
        {extra && (
          <HeaderExtra>
            <RefreshButton onRefresh={jest.fn()} />
          </HeaderExtra>
        )}
      </PreferencesProvider>
    </SessionProvider>
  );
}

/** The element that holds the header's own buttons. */
const actionsOf = () => screen.getByRole('button', { name: 'Preferences' }).parentElement!;

describe('the header', () => {
  it.each([
    ['without', false],
    ['with', true],
  ])('%s page controls, keeps its own buttons together at the right edge (ml-auto)', async (_, extra) => {
    render(<Shell extra={extra} />);
    const header = screen.getByRole('banner');
    const actions = actionsOf();
    // One group, after the title and the page's slot, pushed right by its own margin, not by the slot's size.
    expect(actions).toHaveClass('ml-auto');
    expect(within(actions).getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Help' })).toBeInTheDocument();
    expect(actions.parentElement).toBe(header);
    expect(header.lastElementChild).toBe(actions);
    if (extra) {
      const refresh = await screen.findByRole('button', { name: 'Refresh' });
      expect(actions).not.toContainElement(refresh);
      expect(refresh.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });
});

describe("the header's row for a page's own controls (issue 34)", () => {
  // On a phone the slot is a row of its own: opened only when the page's controls came (after hydration), it moved
  // the page down (a layout shift); where the registry says the page fills it, it is open from the first render.
  const slot = () => document.getElementById('page-header-extra')!;

  it('is open, still empty, on a route whose page fills it', () => {
    render(<Shell controlRoutes={['/topology', '/health']} />);
    expect(slot()).toBeEmptyDOMElement();
    expect(slot()).not.toHaveClass('empty:hidden');
    expect(slot()).toHaveClass('min-h-9');
  });

  it('is hidden while empty on a route whose page does not', () => {
    render(<Shell controlRoutes={['/topology']} />);
    expect(slot()).toHaveClass('empty:hidden');
  });
});

describe("the header's notifications bell", () => {
  const entry = (role: Role) =>
    notificationsEntry((pattern) => !clientSession(role).closedRoutes.includes(pattern));

  it('opens the first notification page the backend lets the person read, and is not there without one', () => {
    expect(entry('admin')).toBe('/notifications');
    // Send history and rules read monitoring tables (admin-only); silences are the notification object.
    expect(entry('editor')).toBe('/notifications/silences');
    expect(entry('commander')).toBeUndefined();
    expect(entry('viewer')).toBeUndefined();
  });

  it('is left out when the layout gives it no page', () => {
    render(
      <Header
        docsUrl="https://docs.example"
        standalone={false}
        requestPath="/health"
        routeTitles={[]}
        controlRoutes={[]}
        icons={headerIcons()}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Notifications' })).toBeNull();
  });
});

describe('the navigation drawer on a phone', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
  });
  afterEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  });

  it('opens from the header, takes focus, and closes on Escape with focus back on the menu button', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(nav).toHaveAttribute('data-collapsed', 'true');

    await user.click(open);
    expect(nav).toHaveAttribute('data-collapsed', 'false');
    expect(nav.className).toContain('fixed');
    // Focus moves into the drawer, on the current page's entry.
    expect(within(nav).getByRole('link', { name: 'Health' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(nav).toHaveAttribute('data-collapsed', 'true');
    expect(nav.className).not.toContain('fixed');
    expect(open).toHaveFocus();
  });

  it('ignores Escape while closed (nothing else to close here)', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-collapsed', 'true');
  });
});
