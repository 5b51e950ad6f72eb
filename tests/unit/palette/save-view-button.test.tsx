import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListToolbar } from '@/components/list/list-toolbar';
import { PaletteLauncher } from '@/components/palette/palette-launcher';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { SessionProvider } from '@/components/shell/session-provider';
import { readSavedViews } from '@/lib/palette/saved-views';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/constants';
import { configureApiFetch } from '@/lib/queries/api-config';
import { PALETTE_REQUEST_EVENT } from '@/lib/shell/palette-request';
import { clientSession } from '@/tests/helpers/client-session';
import { jsonResponse } from '../../helpers/fetch-response';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

/** Issue 33: the list toolbar's Save view button hands its click to the palette, which opens on its save flow. */

describe('ListToolbar Save view', () => {
  it('is offered only where the screen asks for it, and sends the palette its request', async () => {
    const requests: unknown[] = [];
    const listen = (e: Event) => requests.push((e as CustomEvent).detail);
    document.addEventListener(PALETTE_REQUEST_EVENT, listen);
    const { rerender } = render(<ListToolbar label="Things">{null}</ListToolbar>);
    expect(screen.queryByRole('button', { name: 'Save view' })).not.toBeInTheDocument();
    rerender(
      <ListToolbar label="Things" saveView>
        {null}
      </ListToolbar>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save view' }));
    expect(requests).toEqual(['save-view']);
    document.removeEventListener(PALETTE_REQUEST_EVENT, listen);
  });

  it("opens the palette's save flow, which saves the page's address under the typed name", async () => {
    window.localStorage.clear();
    window.history.replaceState(null, '', '/incidents?status=closed');
    // A backend that does not keep views (404): the view is kept in this browser.
    global.fetch = jest.fn(async () => jsonResponse(404, { error: 'not found' })) as unknown as typeof fetch;
    configureApiFetch({ authMode: 'basic', notify: jest.fn(), notifyError: jest.fn(), timeoutMs: 5000 });
    Element.prototype.scrollIntoView ??= () => undefined;
    const session = clientSession('viewer', { user: { id: 'alice', name: 'Alice' } });
    render(
      <SessionProvider session={session}>
        <PreferencesProvider initial={DEFAULT_PREFERENCES}>
          <PaletteLauncher icon={null} />
          <main>
            <ListToolbar label="Incidents" saveView>
              {null}
            </ListToolbar>
          </main>
        </PreferencesProvider>
      </SessionProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    // The palette's code loads on this first use (slow the first time Jest compiles it).
    const dialog = await screen.findByRole('dialog', { name: 'Search and commands' }, { timeout: 20_000 });
    const box = within(dialog).getByRole('combobox');
    expect(box).toHaveAttribute('placeholder', 'Name this view, then press Enter');
    await waitFor(() => expect(box).toHaveFocus());
    expect(screen.getByRole('option', { name: /Save with this address/ })).toHaveTextContent(
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
});
