import { cn } from '@/lib/utils';

/** Names listed under the headline; more than this end in "and N more" so the line stays readable. */
const MAX_NAMES = 12;

/**
 * A wall display's headline (issue 32): how many things are failing and which, or that all pass, in type sized to
 * the screen so a person across the room reads it. No hooks: the topology wall renders it on the server.
 */
export function WallHeadline({
  failing,
  className,
}: {
  /** The names of what is failing (checks, components). */
  failing: readonly string[];
  className?: string;
}) {
  const shown = failing.slice(0, MAX_NAMES);
  const more = failing.length - shown.length;
  return (
    <section aria-label="Summary" data-failing={failing.length} className={cn('min-w-0', className)}>
      <p
        className={cn(
          'text-[clamp(1.5rem,2.5vw,6rem)] font-bold leading-tight',
          failing.length ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {failing.length ? `${failing.length} failing` : 'All passing'}
      </p>
      {shown.length > 0 && (
        <ul
          aria-label="Failing"
          className="flex flex-wrap gap-x-6 gap-y-1 text-[clamp(1rem,1.4vw,3.5rem)] font-medium"
        >
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
