'use client';

import * as React from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { StaticIcon } from '@/components/ui/static-icon';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { clampPageNumber } from './page-size';

export interface DataTablePaginationProps {
  /** 0-based page index. */
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  /** Total rows (optional; shown as "N rows"). */
  rowCount?: number;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  className?: string;
}

/** Paging controls: first/previous/next/last, 'Page X of Y', go-to-page (1…page count), rows per page. */
export function DataTablePagination({
  pageIndex,
  pageSize,
  pageCount,
  rowCount,
  onPageIndexChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  className,
}: DataTablePaginationProps) {
  const pages = Math.max(1, pageCount);
  const current = Math.min(pageIndex + 1, pages);
  const [goTo, setGoTo] = React.useState(String(current));
  const [lastCurrent, setLastCurrent] = React.useState(current);
  if (lastCurrent !== current) {
    setLastCurrent(current);
    setGoTo(String(current));
  }
  const sizeId = React.useId();
  const goId = React.useId();
  const options = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);

  const commitGoTo = () => {
    const n = clampPageNumber(goTo, pages);
    if (n === null) {
      setGoTo(String(current));
      return;
    }
    setGoTo(String(n));
    if (n !== current) onPageIndexChange(n - 1);
  };

  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-wrap items-center justify-between gap-3 px-1 py-2 text-sm', className)}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="text-muted-foreground">
          Rows per page
        </label>
        <NativeSelect
          id={sizeId}
          value={String(pageSize)}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
          className="h-8"
        >
          {options.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </NativeSelect>
        {rowCount !== undefined ? <span className="text-muted-foreground">{rowCount} rows</span> : null}
      </div>
      <div className="flex items-center gap-1">
        <span className="mr-2" aria-live="polite">
          Page {current} of {pages}
        </span>
        {[
          { label: 'First page', icon: ChevronsLeft, disabled: current <= 1, to: 0 },
          { label: 'Previous page', icon: ChevronLeft, disabled: current <= 1, to: current - 2 },
          { label: 'Next page', icon: ChevronRight, disabled: current >= pages, to: current },
          { label: 'Last page', icon: ChevronsRight, disabled: current >= pages, to: pages - 1 },
        ].map((step) => (
          <Button
            key={step.label}
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={step.label}
            disabled={step.disabled}
            onClick={() => onPageIndexChange(step.to)}
          >
            <StaticIcon icon={step.icon} />
          </Button>
        ))}
        <label htmlFor={goId} className="ml-2 text-muted-foreground">
          Go to page
        </label>
        <Input
          id={goId}
          type="number"
          inputMode="numeric"
          min={1}
          max={pages}
          value={goTo}
          onChange={(e) => setGoTo(e.target.value)}
          onBlur={commitGoTo}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commitGoTo();
            }
          }}
          className="h-8 w-16"
        />
      </div>
    </nav>
  );
}
