import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { StatusDot } from '@/components/widgets/status-dot';
import { ProgressBar } from '@/components/widgets/progress-bar';
import { TriStateFilterList, TriStateToggle } from '@/components/widgets/tri-state-toggle';
import { CopyButton } from '@/components/widgets/copy-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Age } from '@/components/widgets/age';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/constants';
import { toastFromError } from '@/components/widgets/toast';
import { TagList } from '@/components/widgets/tag-list';
import { useDebouncedValue } from '@/components/widgets/use-debounced-value';
import type { TriState, TriStateMap } from '@/lib/filters/tri-state';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

jest.mock('sonner', () => ({
  toast: Object.assign(jest.fn(), {
    success: jest.fn(),
    error: jest.fn(),
    loading: jest.fn(),
    dismiss: jest.fn(),
  }),
}));

describe('StatusDot', () => {
  it('colours by status and has an accessible name', () => {
    render(
      <>
        <StatusDot status="unhealthy" />
        <StatusDot status="suspended" />
        <StatusDot status="mixed" />
        <StatusDot status="healthy" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'unhealthy' })).toHaveAttribute('data-color', 'red');
    expect(screen.getByRole('img', { name: 'suspended' })).toHaveAttribute('data-color', 'gray');
    expect(screen.getByRole('img', { name: 'mixed' })).toHaveAttribute('data-color', 'orange');
    expect(screen.getByRole('img', { name: 'healthy' })).toHaveAttribute('data-color', 'green');
  });
});

describe('ProgressBar', () => {
  it('renders width and colour by the rule', () => {
    render(
      <>
        <ProgressBar label="Low" value={2} />
        <ProgressBar label="High" value={95} showValue />
      </>,
    );
    const low = screen.getByRole('progressbar', { name: 'Low' });
    expect((low.firstChild as HTMLElement).style.width).toBe('5%');
    expect(screen.getByRole('progressbar', { name: 'High' })).toHaveAttribute('data-color', 'red');
    expect(screen.getByText('95.0%')).toBeInTheDocument();
  });
});

describe('TriStateToggle', () => {
  function Harness() {
    const [v, setV] = React.useState<TriState>(0);
    return (
      <>
        <TriStateToggle label="prod" value={v} onChange={setV} />
        <output>{v}</output>
      </>
    );
  }
  it('includes, excludes and returns to neutral when the active state is clicked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const inc = screen.getByRole('button', { name: 'Include prod' });
    const exc = screen.getByRole('button', { name: 'Exclude prod' });
    await user.click(inc);
    expect(inc).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('1');
    await user.click(inc);
    expect(screen.getByRole('status')).toHaveTextContent('0');
    await user.click(exc);
    expect(screen.getByRole('status')).toHaveTextContent('-1');
    await user.click(inc);
    expect(screen.getByRole('status')).toHaveTextContent('1');
  });

  it('drives a TriStateMap through a list', async () => {
    const user = userEvent.setup();
    const changes: TriStateMap[] = [];
    function List() {
      const [m, setM] = React.useState<TriStateMap>({});
      return (
        <TriStateFilterList
          aria-label="Teams"
          options={[{ value: 'a', count: 2 }, { value: 'b' }]}
          value={m}
          onChange={(n) => {
            changes.push(n);
            setM(n);
          }}
        />
      );
    }
    render(<List />);
    const list = screen.getByRole('list', { name: 'Teams' });
    await user.click(within(list).getByRole('button', { name: 'Exclude b' }));
    await user.click(within(list).getByRole('button', { name: 'Include a' }));
    await user.click(within(list).getByRole('button', { name: 'Exclude b' }));
    expect(changes).toEqual([{ b: -1 }, { b: -1, a: 1 }, { a: 1 }]);
  });

  it('builds a click on the last one it sent while the page has not rendered it yet (issue 34)', async () => {
    const user = userEvent.setup();
    const changes: TriStateMap[] = [];
    // The parent keeps the value it had: its render of the first change is still to come.
    render(
      <TriStateFilterList
        aria-label="Status"
        options={[{ value: 'SUCCESS' }, { value: 'FAILED' }]}
        value={{ SUCCESS: -1 }}
        onChange={(n) => changes.push(n)}
      />,
    );
    const list = screen.getByRole('list', { name: 'Status' });
    await user.click(within(list).getByRole('button', { name: 'Exclude SUCCESS' }));
    await user.click(within(list).getByRole('button', { name: 'Include FAILED' }));
    expect(changes).toEqual([{}, { FAILED: 1 }]);
  });
});

describe('CopyButton', () => {
  it('copies and toasts the result', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyButton value="abc" />);
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(toast.success).toHaveBeenCalledWith('Copied to clipboard', undefined);
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(toast.error).toHaveBeenCalledWith('Clipboard not available', undefined);
  });

  it('toastFromError uses the general error rule', () => {
    toastFromError({ response: { data: { message: 'Bad request' } } });
    expect(toast.error).toHaveBeenLastCalledWith('Bad request', undefined);
  });
});

describe('Dialog', () => {
  it('toggles between default and full size and closes', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = React.useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open</Button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent showSizeToggle helpLink="https://docs.flanksource.com/reference/permissions">
              <DialogTitle>Details</DialogTitle>
              <DialogDescription>Body</DialogDescription>
            </DialogContent>
          </Dialog>
        </>
      );
    }
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    expect(dialog).toHaveAttribute('data-size', 'default');
    await user.click(within(dialog).getByRole('button', { name: 'Expand to full size' }));
    expect(dialog).toHaveAttribute('data-size', 'full');
    await user.click(within(dialog).getByRole('button', { name: 'Restore default size' }));
    expect(dialog).toHaveAttribute('data-size', 'default');
    expect(within(dialog).getByRole('link', { name: 'Help' })).toHaveAttribute(
      'href',
      'https://docs.flanksource.com/reference/permissions',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Age', () => {
  const now = new Date('2026-06-17T12:00:00Z');
  it("shows 'ago' under 7 days and the date otherwise, with the timestamp as tooltip once the formatter is in", async () => {
    render(
      <>
        <Age data-testid="recent" from="2026-06-17T09:00:00Z" now={now} timezone="UTC" />
        <Age data-testid="old" from="2026-06-01T09:00:00Z" now={now} timezone="UTC" />
      </>,
    );
    expect(screen.getByTestId('recent')).toHaveTextContent('3h ago');
    // The formatter is loaded on use: the old date shows its day until then (the server's text in the browser).
    expect(screen.getByTestId('old')).toHaveTextContent('2026-06-01');
    expect(screen.getByTestId('recent')).not.toHaveAttribute('title');
    // The old date asked for it on mount.
    await waitFor(() => expect(screen.getByTestId('old')).toHaveTextContent('2026-06-01 09:00:00.000'));
    expect(screen.getByTestId('recent')).toHaveAttribute('title', '2026-06-17 09:00:00.000 UTC');
  });

  it("follows the person's date format and zone without being told (every screen's times alike)", async () => {
    render(
      <PreferencesProvider
        initial={{ ...DEFAULT_PREFERENCES, datetimeFormat: 'full', timezone: 'Asia/Kolkata' }}
      >
        <Age data-testid="old" from="2026-06-01T09:00:00Z" now={now} />
        <Age data-testid="mine" from="2026-06-01T09:00:00Z" now={now} timezone="UTC" format="timestamp" />
      </PreferencesProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('old')).toHaveTextContent('Jun 1, 2026 14:30:00.000'));
    expect(screen.getByTestId('old')).toHaveAttribute('title', 'Jun 1, 2026 14:30:00.000 Asia/Kolkata');
    // A list that passes its own keeps them.
    expect(screen.getByTestId('mine')).toHaveTextContent('2026-06-01 09:00:00.000');
  });
});

describe('TagList', () => {
  it('lists tags with account, namespace and name first and collapses the rest', () => {
    render(<TagList tags={{ zone: 'z', name: 'n', namespace: 'ns', account: 'a', app: 'x' }} max={4} />);
    const items = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('title')?.split(':')[0] ?? i.textContent)).toEqual([
      'account',
      'namespace',
      'name',
      'app',
      'zone',
    ]);
    expect(items[4]).toHaveTextContent('+1');
  });
});

describe('useDebouncedValue', () => {
  it('waits for the delay', () => {
    jest.useFakeTimers();
    function Probe({ v }: { v: string }) {
      return <span data-testid="deb">{useDebouncedValue(v)}</span>;
    }
    const { rerender } = render(<Probe v="a" />);
    rerender(<Probe v="ab" />);
    expect(screen.getByTestId('deb')).toHaveTextContent(/^a$/);
    React.act(() => {
      jest.advanceTimersByTime(400);
    });
    expect(screen.getByTestId('deb')).toHaveTextContent('ab');
    jest.useRealTimers();
  });
});
