'use client';

import { LazyAge as Transition } from '@/components/ui/lazy-age';

/** A time in a list cell: relative under a week, the date otherwise; the date formatter loads only when needed (first-load budget). */
export function When({ at }: { at: string | null | undefined }) {
  return <Transition at={at ?? undefined} now={Date.now()} />;
}
