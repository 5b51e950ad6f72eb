'use client';

import { LazyAge } from '@/components/widgets/lazy-age';

/** A time in a list cell: relative under a week, the date otherwise; the date formatter loads only when needed (first-load budget). */
export function When({ at }: { at: string | null | undefined }) {
  return <LazyAge at={at ?? undefined} now={Date.now()} />;
}
