import type { IconNode } from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';
import { cn } from '@/lib/utils';

/** A feature's small fixed set of drawings, by lower-case name (`http`, `postgres`, `pod`, …). */
export type IconSet = Readonly<Record<string, IconNode>>;

/**
 * The drawing of the first name found in the set, else the fallback. Names are free text from the backend, so only
 * the last segment counts, lower-cased (`Kubernetes::Pod` and `org/pod` are `pod`).
 */
export function iconByName(
  icons: IconSet,
  fallback: IconNode,
  ...names: Array<string | null | undefined>
): IconNode {
  for (const name of names) {
    const key = (name ?? '').toLowerCase().split(/[:/]/).pop() ?? '';
    const found = icons[key];
    if (found) return found;
  }
  return fallback;
}

/** An item's icon from its `icon` field, falling back to its type and then to the set's fallback; plain SVG. */
export function NamedIcon({
  icons,
  fallback,
  size,
  icon,
  type,
  className,
}: {
  icons: IconSet;
  fallback: IconNode;
  /** The size classes (`size-4`); the caller's className still wins. */
  size: string;
  icon?: string | null;
  type?: string | null;
  className?: string;
}) {
  return (
    <StaticIcon
      icon={iconByName(icons, fallback, icon, type)}
      className={cn(size, 'shrink-0 text-muted-foreground', className)}
    />
  );
}
