'use client';

import * as React from 'react';
import { ComboboxInput, onFocusLeave, type ComboboxControlProps } from '@/components/forms/combobox-input';
import { cn } from '@/lib/utils';

export interface ComboboxOption {
  key: string;
  label: string;
  detail?: string;
}

export interface SearchComboboxProps extends ComboboxControlProps {
  /** The chosen value's text, or null when nothing is chosen. */
  selected: string | null;
  /** What the person types; the caller searches with it (debounced as it needs). */
  text: string;
  onTextChange: (text: string) => void;
  options: readonly ComboboxOption[];
  onSelect: (option: ComboboxOption) => void;
  onClear: () => void;
  /** Offers "<createLabel(text)>" after the options while text is typed; choosing it calls onCreate. */
  createLabel?: (text: string) => string;
  onCreate?: (text: string) => void;
  loading?: boolean;
  /** Shown when typed text found nothing (and nothing can be created). */
  emptyText?: string;
  listLabel: string;
  onBlur?: () => void;
  className?: string;
}

/**
 * A search-as-you-type picker (ARIA combobox with a listbox) for lists the caller fetches: the chosen value shows
 * as the input's text, typing searches, arrows and Enter choose, and an optional "create" entry offers the text.
 */
export function SearchCombobox({
  selected,
  text,
  onTextChange,
  options,
  onSelect,
  onClear,
  createLabel,
  onCreate,
  loading,
  emptyText = 'No options found',
  listLabel,
  placeholder = 'Search…',
  disabled,
  onBlur,
  className,
  ...aria
}: SearchComboboxProps) {
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);
  const listId = React.useId();
  const typed = text.trim();
  const entries: (ComboboxOption & { create?: boolean })[] = [
    ...options,
    ...(typed && createLabel && onCreate
      ? [{ key: '__create__', label: createLabel(typed), create: true }]
      : []),
  ];
  React.useEffect(() => setActive(-1), [text, options.length]);

  const choose = (entry: ComboboxOption & { create?: boolean }) => {
    if (entry.create) onCreate?.(typed);
    else onSelect(entry);
    onTextChange('');
    setOpen(false);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(entries.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter' && open && entries[active]) {
      event.preventDefault();
      choose(entries[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  const shown = text !== '' || selected === null ? text : selected;

  return (
    <div
      className={cn('relative', className)}
      onBlur={onFocusLeave(() => {
        setOpen(false);
        onBlur?.();
      })}
    >
      <ComboboxInput
        {...aria}
        listId={listId}
        open={open}
        activeId={active >= 0 ? `${listId}-${active}` : undefined}
        value={shown}
        onTextChange={onTextChange}
        onOpen={() => setOpen(true)}
        onKeyDown={onKeyDown}
        loading={loading}
        clearable={selected !== null}
        onClear={onClear}
        placeholder={placeholder}
        disabled={disabled}
      />
      {open && !disabled ? (
        <div className="absolute top-10 z-50 w-full rounded-md border border-border bg-popover text-popover-foreground shadow-md">
          {entries.length === 0 ? (
            <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
              {loading ? 'Searching…' : emptyText}
            </p>
          ) : null}
          <div
            id={listId}
            role="listbox"
            aria-label={listLabel}
            className={cn('max-h-64 overflow-y-auto', entries.length === 0 && 'hidden')}
          >
            {entries.map((entry, index) => (
              <div
                key={entry.key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={cn(
                  'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                  index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
                  entry.create && 'font-medium',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(entry)}
              >
                <span className="min-w-0 flex-1 truncate">{entry.label}</span>
                {entry.detail ? (
                  <span className="shrink-0 text-xs text-muted-foreground">{entry.detail}</span>
                ) : null}
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
