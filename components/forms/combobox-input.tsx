'use client';

import * as React from 'react';
import { LoaderCircleIcon, SearchIcon, XIcon } from 'lucide-react';

/** What a picker's input takes from its field (the label, hint and error ties) and its caller. */
export interface ComboboxControlProps {
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * The picker's wrapper `onBlur`: runs `close` when focus leaves the picker (input, list and buttons), not when it
 * moves inside it, so a click on an option still lands.
 */
export function onFocusLeave(close: () => void) {
  return (event: React.FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };
}

export interface ComboboxInputProps extends ComboboxControlProps {
  /** The listbox the input controls; `activeId` is its active option's id while the list is open. */
  listId: string;
  open: boolean;
  activeId?: string;
  /** The text shown: what is typed, or the chosen value's text. */
  value: string;
  onTextChange: (text: string) => void;
  onOpen: () => void;
  onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => void;
  loading?: boolean;
  /** Offers 'Clear selection' (unless disabled). */
  clearable: boolean;
  onClear: () => void;
}

/**
 * The input of the search-as-you-type pickers (SearchCombobox, ResourceSelector): an ARIA combobox with a search
 * icon, a spinner while searching and a Clear selection button; the picker owns the list and the keys.
 */
export function ComboboxInput({
  listId,
  open,
  activeId,
  value,
  onTextChange,
  onOpen,
  onKeyDown,
  loading,
  clearable,
  onClear,
  disabled,
  ...aria
}: ComboboxInputProps) {
  return (
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
        aria-activedescendant={open ? activeId : undefined}
        autoComplete="off"
        disabled={disabled}
        value={value}
        onChange={(event) => {
          onTextChange(event.target.value);
          onOpen();
        }}
        onFocus={onOpen}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-md border border-border bg-background pl-8 pr-14 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
      />
      <div className="absolute right-1.5 flex items-center gap-1">
        {loading ? (
          <LoaderCircleIcon className="size-4 animate-spin text-muted-foreground" aria-hidden />
        ) : null}
        {clearable && !disabled ? (
          <button
            type="button"
            className="rounded-sm p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Clear selection"
            onClick={onClear}
          >
            <XIcon className="size-3.5" aria-hidden />
          </button>
        ) : null}
      </div>
    </div>
  );
}
