import { STATUS_COLOR_CLASS, statusDotColor } from '@/lib/format/status';
import { cn } from '@/lib/utils';

/** The status dot (colour rule of lib/format); the status is always also written out, never colour alone. */
export function StatusDot({ status, className }: { status: string | null | undefined; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-block size-2.5 shrink-0 rounded-full',
        STATUS_COLOR_CLASS[statusDotColor(status)],
        className,
      )}
    />
  );
}
