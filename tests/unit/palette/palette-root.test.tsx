import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaletteRoot } from '@/components/palette/palette-root';
import { SessionProvider } from '@/components/shell/session-provider';
import type { Role } from '@/lib/auth/permissions';
import { clientSession } from '@/tests/helpers/client-session';
import { routerCalls } from '@/tests/helpers/next-navigation';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

/** The shortcut listener as mounted on a page: `g` then a letter, `?` and `/`, never while typing. */
function setup(role: Role = 'admin') {
  const onRequest = jest.fn();
  render(
    <SessionProvider session={clientSession(role)}>
      <main>
        <input aria-label="Search checks" type="search" />
        <textarea aria-label="Notes" />
        <button type="button">Refresh</button>
      </main>
      <PaletteRoot request={null} onRequest={onRequest} />
    </SessionProvider>,
  );
  routerCalls.length = 0;
  return { onRequest, user: userEvent.setup() };
}

const pushed = () => routerCalls.filter((c) => c.method === 'push').map((c) => c.url);

describe('PaletteRoot shortcuts', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('goes to a section with g then a letter', async () => {
    const { user } = setup();
    await user.keyboard('gi');
    await user.keyboard('gc');
    expect(pushed()).toEqual(['/incidents', '/catalog']);
  });

  it('never fires while typing in a field', async () => {
    const { user, onRequest } = setup();
    await user.click(document.querySelector('textarea')!);
    await user.keyboard('gi?/');
    await user.click(document.querySelector('input')!);
    await user.keyboard('gh?');
    expect(pushed()).toEqual([]);
    expect(onRequest).not.toHaveBeenCalled();
  });

  it('opens the help with ? and focuses the page search with /', async () => {
    const { user, onRequest } = setup();
    await user.click(document.querySelector('button')!);
    await user.keyboard('?');
    expect(onRequest).toHaveBeenCalledWith('help');
    await user.click(document.querySelector('button')!);
    await user.keyboard('/');
    expect(document.activeElement).toBe(document.querySelector('input'));
  });

  it('does not lead a viewer to Settings', async () => {
    const { user } = setup('viewer');
    await user.keyboard('gsgh');
    expect(pushed()).toEqual(['/health']);
  });

  it('waits while a dialog is open', async () => {
    const { user } = setup();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('data-state', 'open');
    act(() => void document.body.appendChild(dialog));
    await user.keyboard('gi');
    expect(pushed()).toEqual([]);
    dialog.remove();
  });
});
