'use client';

import * as React from 'react';
import { Input } from '@/components/ui/input';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import type { SetUrlStateOptions } from '@/lib/search-params/use-url-state';
import { cn } from '@/lib/utils';

/**
 * The list search box: keeps its own text and reports it 400 ms after the last keystroke (spec 001 §5), so the
 * URL and the list change once per pause, not per key. A value changed from outside (Back, a link) replaces the text.
 */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder = 'Search',
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name, e.g. 'Search checks'. */
  label: string;
  placeholder?: string;
  className?: string;
}) {
  const [text, setText] = React.useState(value);
  const last = React.useRef(value);
  React.useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);
  // The pause is timed from the last keystroke only: a parent that renders again (with a new onChange) while the
  // person pauses must not restart it, or a page that re-renders often never applies the search.
  const report = React.useRef(onChange);
  React.useEffect(() => {
    report.current = onChange;
  }, [onChange]);
  React.useEffect(() => {
    if (text === last.current) return;
    const timer = setTimeout(() => {
      last.current = text;
      report.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <Input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      className={cn('w-full min-w-0 sm:w-56', className)}
    />
  );
}

/** The keys of a URL state whose values are text. */
type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A SearchBox bound to one text parameter of a list's URL state: the text after the pause writes it, replacing the
 * history entry (typing is not a Back step; the filters are).
 */
export function UrlSearchBox<V extends object, K extends StringKeys<V>>({
  urlState,
  param,
  ...props
}: Omit<React.ComponentProps<typeof SearchBox>, 'value' | 'onChange'> & {
  /** The screen's useUrlState(contract) result. */
  urlState: readonly [V, (patch: Partial<V>, options?: SetUrlStateOptions) => void, ...unknown[]];
  param: K;
}) {
  const [values, update] = urlState;
  return (
    <SearchBox
      {...props}
      value={values[param] as string}
      onChange={(text) => update({ [param]: text } as Partial<V>, { history: 'replace' })}
    />
  );
}
