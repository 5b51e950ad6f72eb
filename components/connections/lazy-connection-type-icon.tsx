'use client';

import dynamic from 'next/dynamic';
import { useAfterLoad } from '@/components/widgets/use-after-load';

/** The icon's box while its drawing loads: the same size, so the type's title beside it never moves. */
function IconBox() {
  return <span aria-hidden className="inline-block size-4 shrink-0" />;
}

const ConnectionTypeIcon = dynamic(() => import('./connection-type-icon').then((m) => m.ConnectionTypeIcon), {
  ssr: false,
  loading: IconBox,
});

/**
 * A list row's type icon (size-4): the drawings of every type (~1.9 kB) come a moment after the load event, as the
 * connections list sits at its first-load budget; the title beside the icon says the type meanwhile.
 */
export function LazyConnectionTypeIcon({ type }: { type: string | null | undefined }) {
  const loaded = useAfterLoad();
  return loaded ? <ConnectionTypeIcon type={type} className="size-4" /> : <IconBox />;
}
