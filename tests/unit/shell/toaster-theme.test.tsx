import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { toastError, toastSuccess } from '@/components/widgets/toast';
import { Toaster } from '@/components/widgets/toaster';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/preferences/constants';

/** The toaster takes the console's theme (sonner's own default is light on every page), with its rich colours. */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

function renderToaster(theme: Preferences['theme']) {
  return render(
    <PreferencesProvider initial={{ ...DEFAULT_PREFERENCES, theme }}>
      <Toaster />
    </PreferencesProvider>,
  );
}

describe('the toaster', () => {
  it.each(['dark', 'light'] as const)(
    "shows toasts in the console's %s theme, with rich colours",
    async (theme) => {
      const { unmount } = renderToaster(theme);
      act(() => {
        toastSuccess(`Saved in ${theme}`);
        toastError(`Failed in ${theme}`);
      });
      const success = await screen.findByText(`Saved in ${theme}`, undefined, { timeout: 5000 });
      expect(success.closest('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', theme);
      expect(success.closest('[data-sonner-toast]')).toHaveAttribute('data-rich-colors', 'true');
      expect(success.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'success');
      expect((await screen.findByText(`Failed in ${theme}`)).closest('[data-sonner-toast]')).toHaveAttribute(
        'data-type',
        'error',
      );
      unmount();
    },
  );
});
