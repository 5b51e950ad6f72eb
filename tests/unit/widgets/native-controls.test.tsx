import { fireEvent, render, screen } from '@testing-library/react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

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
