import * as React from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { PreferencesMenu } from '@/components/shell/preferences-menu';
import { resolveTheme, useResolvedTheme } from '@/components/shell/use-resolved-theme';
import { toastSuccess } from '@/components/widgets/toast';
import { Toaster } from '@/components/widgets/toaster';
import { YamlCodeView } from '@/components/health/yaml-code-view';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/preferences/constants';
import { mediaQueryList } from '../../helpers/media-query';

/** Issue 37: Preferences → Theme switches the page, the toasts and the code editors, 'system' included. */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
// The first test loads the preferences popover and sonner on demand (dynamic imports), slow on a busy machine.
jest.setTimeout(20_000);

/** prefers-color-scheme as the operating system would answer it (tests/setup.ts's matchMedia knows only sizes). */
let systemDark = false;
const realMatchMedia = window.matchMedia;
beforeEach(() => {
  systemDark = false;
  window.matchMedia = (query: string) => {
    if (!query.includes('prefers-color-scheme')) return realMatchMedia(query);
    const matches = query.includes('dark') ? systemDark : !systemDark;
    return mediaQueryList(query, () => matches);
  };
  document.documentElement.className = 'system';
  document.cookie = 'console-preferences=; max-age=0; path=/';
});
afterAll(() => {
  window.matchMedia = realMatchMedia;
});

function Shell({ theme, children }: { theme: Preferences['theme']; children?: React.ReactNode }) {
  return (
    <PreferencesProvider initial={{ ...DEFAULT_PREFERENCES, theme }}>
      <PreferencesMenu icon={null} />
      {children}
      <Toaster />
    </PreferencesProvider>
  );
}

describe('choosing a theme', () => {
  it('Dark puts the dark class on <html>, keeps it in the cookie, and turns the toasts dark', async () => {
    const user = userEvent.setup();
    render(<Shell theme="light" />);
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    await user.selectOptions(await screen.findByLabelText('Theme'), 'dark');

    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('system');
    expect(decodeURIComponent(document.cookie)).toContain('"theme":"dark"');

    act(() => void toastSuccess('Saved in the dark'));
    const toast = await screen.findByText('Saved in the dark', undefined, { timeout: 5000 });
    expect(toast.closest('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');
  });

  it('back to Light, the class and the toaster follow', async () => {
    const user = userEvent.setup();
    render(<Shell theme="dark" />);
    act(() => void toastSuccess('First toast'));
    const first = await screen.findByText('First toast', undefined, { timeout: 5000 });
    expect(first.closest('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');

    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    await user.selectOptions(await screen.findByLabelText('Theme'), 'light');
    expect(document.documentElement).toHaveClass('light');
    await waitFor(() =>
      expect(screen.getByText('First toast').closest('[data-sonner-toaster]')).toHaveAttribute(
        'data-sonner-theme',
        'light',
      ),
    );
  });

  it("'system' follows the operating system: toasts are dark on a dark system", async () => {
    systemDark = true;
    render(<Shell theme="system" />);
    act(() => void toastSuccess('System toast'));
    const toast = await screen.findByText('System toast', undefined, { timeout: 5000 });
    expect(toast.closest('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');
  });
});

describe('the resolved theme (for the parts CSS cannot colour)', () => {
  it('is the preference, or the operating system’s scheme for system', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  function Probe() {
    return <output aria-label="Resolved theme">{useResolvedTheme()}</output>;
  }

  it.each([
    ['system', true, 'dark'],
    ['system', false, 'light'],
    ['dark', false, 'dark'],
  ] as const)('%s on a system that prefers dark=%s shows %s', (theme, dark, expected) => {
    systemDark = dark;
    render(
      <PreferencesProvider initial={{ ...DEFAULT_PREFERENCES, theme }}>
        <Probe />
      </PreferencesProvider>,
    );
    expect(screen.getByRole('status', { name: 'Resolved theme' })).toHaveTextContent(expected);
  });
});

describe('code views', () => {
  function viewOf(name: string): EditorView {
    const view = EditorView.findFromDOM(screen.getByRole('textbox', { name }));
    if (!view) throw new Error('no editor');
    return view;
  }

  it('open dark in the dark theme, with their first paint, and switch with the preference', async () => {
    const user = userEvent.setup();
    render(
      <Shell theme="dark">
        <YamlCodeView value={'name: web\nreplicas: 3\n'} label="Spec" />
      </Shell>,
    );
    expect(viewOf('Spec').state.facet(EditorView.darkTheme)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    await user.selectOptions(await screen.findByLabelText('Theme'), 'light');
    await waitFor(() => expect(viewOf('Spec').state.facet(EditorView.darkTheme)).toBe(false));
  });

  it('open light in the light theme', () => {
    render(
      <Shell theme="light">
        <YamlCodeView value={'name: web\n'} label="Spec" />
      </Shell>,
    );
    expect(viewOf('Spec').state.facet(EditorView.darkTheme)).toBe(false);
    // Read-only, yet a tab stop: its scroller scrolls by keyboard.
    expect(viewOf('Spec').contentDOM).toHaveAttribute('tabindex', '0');
  });
});
