'use client';

import dynamic from 'next/dynamic';
import { useAfterLoad } from '@/components/widgets/use-after-load';
import { cn } from '@/lib/utils';
import type { TagFilterProps } from './tag-filter';

const TagFilter = dynamic(() => import('./tag-filter').then((m) => m.TagFilter), { ssr: false });

/**
 * The Tags filter's place on the page: its button comes a moment after the load event (its popover with the first
 * click), since /catalog and the change feed sit at their first-load budget; the place keeps its size meanwhile.
 */
export function LazyTagFilter({ className, ...props }: TagFilterProps) {
  const loaded = useAfterLoad();
  return <div className={cn('min-h-[3.75rem]', className)}>{loaded && <TagFilter {...props} />}</div>;
}
