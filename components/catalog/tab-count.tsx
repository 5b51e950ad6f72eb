/** A count on one of the item page's tabs. */
export function TabCount({ count }: { count: number }) {
  return <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums text-foreground">{count}</span>;
}
