'use client';

import * as React from 'react';
import { ChevronDown } from 'lucide';
import { NativeSelectField } from '@/components/forms/native-select-field';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';
import { tagFilterSummary, type TagFilter as TagFilterValue } from '@/lib/catalog/tag-filter';

const loadPopover = () => import('@/components/catalog/tag-filter-popover').then((m) => m.TagFilterPopover);

/**
 * The Tags filter of the catalog list and the change feed (spec 000 §7 `config_tags`). Its popover, the tag
 * choices and their request load on first use: until then a plain button with the same text stands in (both pages
 * sit at their first-load budget).
 */
export function TagFilter({
  value,
  onChange,
  className,
}: {
  value: TagFilterValue;
  onChange: (tags: TagFilterValue) => void;
  className?: string;
}) {
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
