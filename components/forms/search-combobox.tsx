'use client';

import * as React from 'react';
import { LoaderCircleIcon, SearchIcon, XIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface ComboboxOption {
  key: string;
  label: string;
  detail?: string;
}

export interface SearchComboboxProps {
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
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  placeholder?: string;
  disabled?: boolean;
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
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
          onBlur?.();
        }
      }}
    >
      <div className="relative flex items-center">
        <SearchIcon
          className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground"
          aria-hidden
        />
        <input
          {...aria}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder}
          value={shown}
          onChange={(event) => {
            onTextChange(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-9 w-full rounded-md border border-border bg-background pl-8 pr-14 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
        />
        <div className="absolute right-1.5 flex items-center gap-1">
          {loading ? (
            <LoaderCircleIcon className="size-4 animate-spin text-muted-foreground" aria-hidden />
          ) : null}
          {selected !== null && !disabled ? (
            <button
              type="button"
              className="rounded-sm p-1 text-muted-foreground hover:text-foreground"
              aria-label="Clear selection"
              onClick={onClear}
            >
              <XIcon className="size-3.5" aria-hidden />
            </button>
          ) : null}
        </div>
      </div>
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
