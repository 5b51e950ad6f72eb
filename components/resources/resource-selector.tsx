'use client';

import * as React from 'react';
import { useController } from 'react-hook-form';
import { useWindowedRows } from '@/components/data-table/use-windowed-rows';
import { ComboboxInput, onFocusLeave, type ComboboxControlProps } from '@/components/forms/combobox-input';
import { FieldShell } from '@/components/forms/field-shell';
import type { BaseFieldProps } from '@/components/forms/fields';
import { useDebouncedValue } from '@/components/widgets/use-debounced-value';
import { RESOURCE_PICKER_WINDOW_THRESHOLD, RESOURCE_SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import {
  RESOURCE_SEARCH_EMPTY_QUERY,
  RESOURCE_SEARCH_HINT,
  RESOURCE_SEARCH_NO_OPTIONS,
} from '@/lib/forms/messages';
import {
  useResourceSearch,
  type ResourceFilters,
  type ResourceKind,
  type ResourceOption,
} from '@/lib/resources/selector-queries';
import { cn } from '@/lib/utils';

const ROW_HEIGHT = 40;
const LIST_HEIGHT = 320;
const KIND_LABEL: Record<ResourceKind, string> = {
  checks: 'Check',
  components: 'Component',
  configs: 'Config',
};

export interface ResourceSelectorProps extends ComboboxControlProps {
  /** Which kinds to search (spec 001 §7: checks, components, configs). */
  kinds: readonly ResourceKind[];
  /** Narrows each kind to hits matching one of its selectors (types, statuses, …). */
  filters?: ResourceFilters;
  value: ResourceOption | null;
  onChange: (value: ResourceOption | null) => void;
  onBlur?: () => void;
  className?: string;
}

/**
 * Picks one check, component or config by searching POST /resources/search as the person types (300 ms debounce),
 * with the search hint and the spec's empty states; more than 20 options render as a windowed list.
 */
export function ResourceSelector({
  kinds,
  filters,
  value,
  onChange,
  onBlur,
  placeholder = 'Search…',
  disabled,
  className,
  ...aria
}: ResourceSelectorProps) {
  const [text, setText] = React.useState('');
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);
  const listId = React.useId();
  const hintId = React.useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const term = useDebouncedValue(text, RESOURCE_SEARCH_DEBOUNCE_MS);
  const search = useResourceSearch(kinds, term, filters);
  const options = term.trim() === '' ? [] : (search.data ?? []);
  const windowed = options.length > RESOURCE_PICKER_WINDOW_THRESHOLD;
  const rows = useWindowedRows({
    count: options.length,
    rowHeight: ROW_HEIGHT,
    enabled: windowed,
    initialHeight: LIST_HEIGHT,
    overscan: 4,
  });
  const containerRef = rows.containerRef;

  React.useEffect(() => setActive(-1), [term]);

  const choose = (option: ResourceOption) => {
    onChange(option);
    setText('');
    setOpen(false);
  };

  const moveTo = (index: number) => {
    if (options.length === 0) return;
    const next = Math.max(0, Math.min(options.length - 1, index));
    setActive(next);
    const container = containerRef.current;
    if (container) {
      const top = next * ROW_HEIGHT;
      if (top < container.scrollTop) container.scrollTop = top;
      else if (top + ROW_HEIGHT > container.scrollTop + container.clientHeight)
        container.scrollTop = top + ROW_HEIGHT - container.clientHeight;
    }
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      moveTo(active + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      moveTo(active - 1);
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const typing = text !== '' || !value;
  const shown = typing ? text : (value?.name ?? value?.id ?? '');
  const status =
    term.trim() === ''
      ? RESOURCE_SEARCH_EMPTY_QUERY
      : search.isError
        ? 'The search failed. Please try again.'
        : search.isFetching && options.length === 0
          ? 'Searching…'
          : options.length === 0
            ? RESOURCE_SEARCH_NO_OPTIONS
            : null;
  const visible = windowed ? options.slice(rows.start, rows.end) : options;
  const offset = windowed ? rows.start : 0;

  return (
    <div
      className={cn('relative flex flex-col gap-1', className)}
      onBlur={onFocusLeave(() => {
        setOpen(false);
        onBlur?.();
      })}
    >
      <ComboboxInput
        {...aria}
        aria-describedby={[aria['aria-describedby'], hintId].filter(Boolean).join(' ')}
        listId={listId}
        open={open}
        activeId={active >= 0 ? optionId(active) : undefined}
        value={shown}
        onTextChange={setText}
        onOpen={() => setOpen(true)}
        onKeyDown={onKeyDown}
        loading={search.isFetching}
        clearable={value !== null}
        onClear={() => {
          onChange(null);
          setText('');
        }}
        placeholder={placeholder}
        disabled={disabled}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {RESOURCE_SEARCH_HINT}
      </p>
      {open ? (
        <div className="absolute top-10 z-50 w-full rounded-md border border-border bg-popover text-popover-foreground shadow-md">
          {status ? (
            <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
              {status}
            </p>
          ) : null}
          <div
            ref={containerRef}
            id={listId}
            role="listbox"
            aria-label="Resources"
            onScroll={rows.onScroll}
            className={cn('overflow-y-auto', status && 'hidden')}
            style={{ maxHeight: LIST_HEIGHT }}
            data-windowed={windowed || undefined}
          >
            {windowed && rows.paddingTop > 0 ? (
              <div role="presentation" style={{ height: rows.paddingTop }} />
            ) : null}
            {visible.map((option, i) => {
              const index = offset + i;
              return (
                <div
                  key={`${option.kind}:${option.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={value?.id === option.id}
                  aria-posinset={index + 1}
                  aria-setsize={options.length}
                  tabIndex={-1}
                  style={{ height: ROW_HEIGHT }}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 px-3 text-sm',
                    index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
                  )}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  <span className="min-w-0 flex-1 truncate">{option.name ?? option.id}</span>
                  <span className="shrink-0 truncate text-xs text-muted-foreground">
                    {[kinds.length > 1 ? KIND_LABEL[option.kind] : null, option.type]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
              );
            })}
            {windowed && rows.paddingBottom > 0 ? (
              <div role="presentation" style={{ height: rows.paddingBottom }} />
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The resource selector as a form field; its value is the chosen ResourceOption (or null). */
export function ResourceSelectorField({
  kinds,
  filters,
  placeholder,
  ...props
}: BaseFieldProps & { kinds: readonly ResourceKind[]; filters?: ResourceFilters; placeholder?: string }) {
  const { field } = useController({ name: props.name });
  return (
    <FieldShell {...props}>
      {(control) => (
        <ResourceSelector
          {...control}
          kinds={kinds}
          filters={filters}
          value={(field.value as ResourceOption | null | undefined) ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={placeholder}
          disabled={props.disabled || field.disabled}
        />
      )}
    </FieldShell>
  );
}
