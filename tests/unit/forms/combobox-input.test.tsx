import * as React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ComboboxInput, type ComboboxInputProps } from '@/components/forms/combobox-input';

function setup(props: Partial<ComboboxInputProps> = {}) {
  const handlers = { onTextChange: jest.fn(), onOpen: jest.fn(), onKeyDown: jest.fn(), onClear: jest.fn() };
  const all: ComboboxInputProps = {
    listId: 'list',
    open: false,
    value: '',
    clearable: false,
    'aria-label': 'Pick',
    ...handlers,
    ...props,
  };
  const view = render(<ComboboxInput {...all} />);
  return {
    ...handlers,
    rerender: (next: Partial<ComboboxInputProps>) => view.rerender(<ComboboxInput {...all} {...next} />),
  };
}

describe('combobox input', () => {
  it('is a combobox for its list: typing reports the text and opens, the active option only while open', async () => {
    const user = userEvent.setup();
    const { onTextChange, onOpen, rerender } = setup({ activeId: 'list-2' });
    const input = screen.getByRole('combobox', { name: 'Pick' });
    expect(input).toHaveAttribute('aria-controls', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.type(input, 'a');
    expect(onTextChange).toHaveBeenCalledWith('a');
    expect(onOpen).toHaveBeenCalled();
    rerender({ open: true, activeId: 'list-2' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', 'list-2');
  });

  it('offers Clear selection only for a chosen value on an enabled input', async () => {
    const user = userEvent.setup();
    const { onClear, rerender } = setup({ clearable: true, value: 'web' });
    expect(screen.getByRole('combobox')).toHaveValue('web');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    rerender({ clearable: true, disabled: true });
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
    rerender({ clearable: false });
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
  });
});
