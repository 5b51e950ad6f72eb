'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { NativeSelectField } from '@/components/forms/native-select-field';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { catalogOptionQueries } from '@/lib/catalog/option-queries';
import { chooseTag, chosenTags, tagKeyOptions } from '@/lib/catalog/tag-options';
import type { TriStateMap } from '@/lib/filters/tri-state';

/**
 * The Tags filter's popover, loaded with its first opening (components/catalog/tag-filter.tsx): per tag key of
 * `config_tags` a select of its values; choosing one keeps the items that have it, 'All' drops the key.
 */
export function TagFilterPopover({
  id,
  value,
  onChange,
  summary,
  defaultOpen = false,
}: {
  /** The trigger's id, which the field's caption names (NativeSelectField passes it). */
  id?: string;
  value: TriStateMap;
  onChange: (tags: TriStateMap) => void;
  summary: string;
  defaultOpen?: boolean;
}) {
  const tags = useQuery(catalogOptionQueries.tags());
  const options = React.useMemo(() => tagKeyOptions(tags.data ?? []), [tags.data]);
  const chosen = chosenTags(value);
  // A chosen tag that no live item has any more (a shared link) stays choosable.
  const keys = [
    ...options,
    ...Object.entries(chosen)
      .filter(([key]) => !options.some((o) => o.key === key))
      .map(([key, v]) => ({ key, values: [v] })),
  ];
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>
        <Button id={id} variant="outline" className="w-full justify-between font-normal">
          <span className="truncate">{summary}</span>
          <ChevronDown className="size-4 opacity-60" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        aria-label="Filter by tag"
        className="max-h-96 w-72 space-y-3 overflow-auto"
      >
        {tags.isPending && <p className="text-sm text-muted-foreground">Loading tags…</p>}
        {tags.isError && <p className="text-sm text-destructive">The tags could not be loaded</p>}
        {tags.isSuccess && keys.length === 0 && <p className="text-sm text-muted-foreground">No tags</p>}
        {keys.map((option) => (
          <NativeSelectField key={option.key} label={option.key}>
            <NativeSelect
              value={chosen[option.key] ?? ''}
              onChange={(e) => onChange(chooseTag(value, option.key, e.target.value))}
            >
              <option value="">All</option>
              {option.values.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </NativeSelect>
          </NativeSelectField>
        ))}
        {Object.keys(chosen).length > 0 && (
          <Button variant="link" size="sm" className="px-0" onClick={() => onChange({})}>
            Clear tag filters
          </Button>
        )}
      </PopoverContent>
    </Popover>
  );
}
