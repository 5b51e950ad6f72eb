import * as React from 'react';
import { cn } from '@/lib/utils';
import { sortTags, type Tag } from '@/lib/format/tags';

export interface TagListProps extends Omit<React.ComponentProps<'ul'>, 'children'> {
  tags: Record<string, string | number | boolean | null | undefined> | readonly Tag[] | null | undefined;
  /** Show at most this many tags, then '+N'. */
  max?: number;
}

/** Tags as `key: value` chips, sorted with account, namespace and name first. */
export function TagList({ tags, max, className, ...props }: TagListProps) {
  const sorted = sortTags(tags);
  const shown = max !== undefined ? sorted.slice(0, max) : sorted;
  const hidden = sorted.length - shown.length;
  if (!sorted.length) return null;
  return (
    <ul
      aria-label={props['aria-label'] ?? 'Tags'}
      className={cn('flex flex-wrap gap-1', className)}
      {...props}
    >
      {shown.map((t) => (
        <li
          key={`${t.key}=${t.value}`}
          className="inline-flex max-w-full items-center overflow-hidden rounded-md border border-border bg-muted text-xs"
          title={`${t.key}: ${t.value}`}
        >
          <span className="truncate px-1.5 py-0.5 text-muted-foreground">{t.key}</span>
          <span className="truncate border-l border-border px-1.5 py-0.5 text-foreground">{t.value}</span>
        </li>
      ))}
      {hidden > 0 ? (
        <li
          className="px-1 text-xs text-muted-foreground"
          title={sorted
            .slice(shown.length)
            .map((t) => `${t.key}: ${t.value}`)
            .join('\n')}
        >
          +{hidden}
        </li>
      ) : null}
    </ul>
  );
}
