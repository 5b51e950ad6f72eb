'use client';

import { ChevronLeft, ChevronRight } from 'lucide';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';
import type { HealthBoardMeta } from '@/lib/health/board';

/**
 * The pages of a board the backend pages (lib/health/board.ts): whole groups up to a page's worth of checks, so the
 * pager counts checks rather than offering a page size. Shown only when there is more than one page.
 */
export function HealthBoardPager({
  board,
  onPageChange,
}: {
  board: Pick<HealthBoardMeta, 'page' | 'pages' | 'checks'>;
  onPageChange: (pageIndex: number) => void;
}) {
  const { page, pages } = board;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-end gap-2 px-1 py-2 text-sm">
      <span className="mr-2 text-muted-foreground">{board.checks.toLocaleString('en')} checks</span>
      <span aria-live="polite">
        Page {page + 1} of {pages}
      </span>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label="Previous page"
        disabled={page <= 0}
        onClick={() => onPageChange(page - 1)}
      >
        <StaticIcon icon={ChevronLeft} />
      </Button>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label="Next page"
        disabled={page >= pages - 1}
        onClick={() => onPageChange(page + 1)}
      >
        <StaticIcon icon={ChevronRight} />
      </Button>
    </nav>
  );
}
