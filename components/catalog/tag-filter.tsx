'use client';

import { ChevronDown } from 'lucide';
import { NativeSelectField } from '@/components/forms/native-select-field';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';
import { tagFilterSummary } from '@/lib/catalog/tag-options';
import type { TriStateMap } from '@/lib/filters/tri-state';

const loadPopover = () => import('@/components/catalog/tag-filter-popover').then((m) => m.TagFilterPopover);

export interface TagFilterProps {
  /** `key=value` ids (the URL's `tags`). */
  value: TriStateMap;
  onChange: (tags: TriStateMap) => void;
  className?: string;
}

/**
 * The Tags filter of the catalog list and the change feed (spec 000 §7 `config_tags`): a button with the chosen
 * tags; its popover, the tag choices and their request load with the first click.
 */
export function TagFilter({ value, onChange, className }: TagFilterProps) {
  const { Component: Popover, triggerProps } = useLazyMenu(loadPopover);
  const summary = tagFilterSummary(value);
  return (
    <NativeSelectField label="Tags" className={className}>
      {Popover ? (
        <Popover value={value} onChange={onChange} summary={summary} defaultOpen />
      ) : (
        <Button
          variant="outline"
          className="w-full justify-between font-normal"
          aria-haspopup="dialog"
          {...triggerProps}
        >
          <span className="truncate">{summary}</span>
          <StaticIcon icon={ChevronDown} className="size-4 opacity-60" />
        </Button>
      )}
    </NativeSelectField>
  );
}
