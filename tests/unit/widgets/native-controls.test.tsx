import { fireEvent, render, screen } from '@testing-library/react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { writeSearchParams } from '@/lib/search-params/write-url';

describe('Switch (native checkbox with role switch)', () => {
  it('is found by its label, reports its state and toggles by click and label', () => {
    const onCheckedChange = jest.fn();
    const { rerender } = render(
      <>
        <Label htmlFor="hide">Hide Passing</Label>
        <Switch id="hide" checked={false} onCheckedChange={onCheckedChange} />
      </>,
    );
    const toggle = screen.getByRole('switch', { name: 'Hide Passing' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByText('Hide Passing'));
    expect(onCheckedChange).toHaveBeenCalledTimes(2);
    rerender(
      <>
        <Label htmlFor="hide">Hide Passing</Label>
        <Switch id="hide" checked onCheckedChange={onCheckedChange} />
      </>,
    );
    expect(screen.getByRole('switch', { name: 'Hide Passing' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Hide Passing' })).toBeChecked();
  });

  it('is disabled natively (so the browser neither focuses nor toggles it)', () => {
    render(<Switch aria-label="Off" checked={false} disabled onCheckedChange={jest.fn()} />);
    expect(screen.getByRole('switch', { name: 'Off' })).toBeDisabled();
  });
});

describe('writeSearchParams', () => {
  beforeEach(() => window.history.replaceState(null, '', '/health?groupBy=name&query=api#top'));

  it('sets and removes only the given keys, keeping the path, the other keys and the hash', () => {
    writeSearchParams({ query: 'db 1', groupBy: null, labels: '{"env=prod":1}' });
    const url = new URL(window.location.href);
    expect(url.pathname).toBe('/health');
    expect(url.hash).toBe('#top');
    expect(url.searchParams.get('query')).toBe('db 1');
    expect(url.searchParams.has('groupBy')).toBe(false);
    expect(url.searchParams.get('labels')).toBe('{"env=prod":1}');
  });

  it('replaces the history entry by default and pushes one when asked; an unchanged URL writes nothing', () => {
    const length = window.history.length;
    writeSearchParams({ query: 'x' });
    expect(window.history.length).toBe(length);
    writeSearchParams({ checkId: 'c1' }, 'push');
    expect(window.history.length).toBe(length + 1);
    writeSearchParams({ checkId: 'c1' }, 'push');
    expect(window.history.length).toBe(length + 1);
  });
});
