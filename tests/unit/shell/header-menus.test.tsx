import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { HelpMenu } from '@/components/shell/help-menu';
import { PreferencesMenu } from '@/components/shell/preferences-menu';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/constants';

jest.mock('next/navigation', () => ({
  usePathname: () => '/health',
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
}));

describe('header menus loaded on first use', () => {
  it('renders the Preferences trigger at once and opens the popover on the first click', async () => {
    const user = userEvent.setup();
    render(
      <PreferencesProvider initial={DEFAULT_PREFERENCES}>
        <PreferencesMenu icon={null} />
      </PreferencesProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Preferences' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Date time format')).not.toBeInTheDocument();
    await user.click(trigger);
    expect(await screen.findByLabelText('Date time format')).toHaveValue('timestamp');
    expect(screen.getByLabelText('Theme')).toHaveValue('system');
    expect(screen.getByRole('button', { name: 'Preferences' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the Help menu with the keyboard (ArrowDown) and shows Docs', async () => {
    const user = userEvent.setup();
    render(<HelpMenu docsUrl="https://docs.example" icon={null} />);
    screen.getByRole('button', { name: 'Help' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menuitem', { name: 'Docs' })).toHaveAttribute(
      'href',
      'https://docs.example',
    );
  });
});
