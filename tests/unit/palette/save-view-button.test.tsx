import * as React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListToolbar } from '@/components/list/list-toolbar';
import { PaletteButton } from '@/components/palette/palette-button';
import { PaletteLauncher } from '@/components/palette/palette-launcher';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { SessionProvider } from '@/components/shell/session-provider';
import { readSavedViews } from '@/lib/palette/saved-views';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/constants';
import { configureApiFetch } from '@/lib/queries/api-config';
import { clientSession } from '@/tests/helpers/client-session';
import { jsonResponse } from '../../helpers/fetch-response';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

/**
 * Issue 33: a list screen whose view can be saved gets a Save view button next to the header's Search, brought with
 * the palette's after-load part; it opens the palette on its save flow.
 */

function setup() {
  window.localStorage.clear();
  // A backend that does not keep views (404): the view is kept in this browser.
  global.fetch = jest.fn(async () => jsonResponse(404, { error: 'not found' })) as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), notifyError: jest.fn(), timeoutMs: 5000 });
  Element.prototype.scrollIntoView ??= () => undefined;
  render(
    <SessionProvider session={clientSession('viewer', { user: { id: 'alice', name: 'Alice' } })}>
      <PreferencesProvider initial={DEFAULT_PREFERENCES}>
        <PaletteLauncher>
          <PaletteButton icon={null} />
        </PaletteLauncher>
        <main>
          <ListToolbar label="Incidents">
            <input aria-label="Search incidents" type="search" />
          </ListToolbar>
        </main>
      </PreferencesProvider>
    </SessionProvider>,
  );
  return userEvent.setup();
}

// The after-load part mounts a moment after the load event (jsdom's document is complete at once).
const saveButton = () => screen.findByRole('button', { name: 'Save view' }, { timeout: 5_000 });

describe('Save view on a list screen', () => {
  it("opens the palette's save flow, which saves the page's address under the typed name", async () => {
    window.history.replaceState(null, '', '/incidents?status=closed');
    const user = setup();
    await user.click(await saveButton());
    // The palette's code loads on this first use (slow the first time Jest compiles it).
    const dialog = await screen.findByRole('dialog', { name: 'Search and commands' }, { timeout: 20_000 });
    const box = within(dialog).getByRole('combobox');
    expect(box).toHaveAttribute('placeholder', 'Name this view, then press Enter');
    await waitFor(() => expect(box).toHaveFocus());
    expect(within(dialog).getByRole('option', { name: /Save with this address/ })).toHaveTextContent(
      '/incidents?status=closed',
    );
    await user.type(box, 'Closed ones{Enter}');
    await waitFor(() =>
      expect(readSavedViews('alice')).toEqual([
        expect.objectContaining({ name: 'Closed ones', href: '/incidents?status=closed' }),
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);

  it('is not offered on a screen whose view cannot be saved', async () => {
    window.history.replaceState(null, '', '/incidents');
    setup();
    await saveButton();
    act(() => window.history.pushState(null, '', '/incidents/INC-1'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save view' })).not.toBeInTheDocument());
    act(() => window.history.pushState(null, '', '/logs'));
    expect(await saveButton()).toBeInTheDocument();
  });

  it('is offered on a settings list and saves its view without the open dialog', async () => {
    window.history.replaceState(null, '', '/settings/connections?sortBy=name&id=c1&sortDesc=true');
    const user = setup();
    await user.click(await saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Search and commands' }, { timeout: 20_000 });
    expect(within(dialog).getByRole('option', { name: /Save with this address/ })).toHaveTextContent(
      '/settings/connections?sortBy=name&sortDesc=true',
    );
    await user.type(within(dialog).getByRole('combobox'), 'By name{Enter}');
    await waitFor(() =>
      expect(readSavedViews('alice')).toEqual([
        expect.objectContaining({ name: 'By name', href: '/settings/connections?sortBy=name&sortDesc=true' }),
      ]),
    );
  }, 30_000);
});
