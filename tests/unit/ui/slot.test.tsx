import * as React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@/components/ui/button';
import { Slot } from '@/components/ui/slot';

describe('Slot (asChild)', () => {
  it('renders the child element with the button classes and its own attributes', () => {
    render(
      <Button asChild variant="ghost" size="icon">
        <a href="/notifications" aria-label="Notifications" className="extra">
          bell
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Notifications' });
    expect(link).toHaveAttribute('href', '/notifications');
    expect(link.className).toContain('size-9');
    expect(link.className).toContain('extra');
    expect(link).toHaveAttribute('data-slot', 'button');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('runs the child handler first, then the slot handler, and combines styles (the child wins)', async () => {
    const calls: string[] = [];
    render(
      <Slot onClick={() => calls.push('slot')} style={{ color: 'red', margin: 1 }}>
        <button type="button" onClick={() => calls.push('child')} style={{ color: 'blue' }}>
          go
        </button>
      </Slot>,
    );
    const button = screen.getByRole('button', { name: 'go' });
    await userEvent.click(button);
    expect(calls).toEqual(['child', 'slot']);
    expect(button.style.color).toBe('blue');
    expect(button.style.margin).toBe('1px');
  });

  it('hands the element to both the slot ref and the child ref', () => {
    const slotRef = React.createRef<HTMLElement>();
    const childRef = React.createRef<HTMLButtonElement>();
    render(
      <Slot ref={slotRef}>
        <button type="button" ref={childRef}>
          both
        </button>
      </Slot>,
    );
    const button = screen.getByRole('button', { name: 'both' });
    expect(slotRef.current).toBe(button);
    expect(childRef.current).toBe(button);
  });

  it('refuses more than one child, as asChild takes exactly one element', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <Slot>
          <span>a</span>
          <span>b</span>
        </Slot>,
      ),
    ).toThrow();
    error.mockRestore();
  });
});
