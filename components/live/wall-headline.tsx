import { cn } from '@/lib/utils';

/** Names listed under the headline; more than this end in "and N more" so the line stays readable. */
const MAX_NAMES = 12;

/**
 * A wall display's headline (issue 32): how many things are failing and which, or that all pass, in type sized to
 * the screen so a person across the room reads it. No hooks: the topology wall renders it on the server.
 */
export function WallHeadline({
  failing,
  count = failing.length,
  className,
}: {
  /** The names of what is failing (checks, components), as far as the page knows them. */
  failing: readonly string[];
  /** How many fail, when the page knows more of them than their names. */
  count?: number;
  className?: string;
}) {
  const shown = failing.slice(0, MAX_NAMES);
  const more = Math.max(count, failing.length) - shown.length;
  const total = shown.length + more;
  return (
    <section aria-label="Summary" data-failing={total} className={cn('min-w-0', className)}>
      <p
        className={cn(
          'wall-type-xl font-bold leading-tight',
          total ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {total ? `${total} failing` : 'All passing'}
      </p>
      {shown.length > 0 && (
        <ul aria-label="Failing" className="flex flex-wrap gap-x-6 gap-y-1 wall-type-md font-medium">
          {shown.map((name, i) => (
            <li key={`${name}-${i}`} className="max-w-full truncate">
              {name}
            </li>
          ))}
          {more > 0 && <li className="text-muted-foreground">and {more} more</li>}
        </ul>
      )}
    </section>
  );
}
