import { jobStatusTone, type JobStatusTone } from '@/lib/operations/job-display';
import { cn } from '@/lib/utils';

const TONE_CLASS: Record<JobStatusTone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900/40 dark:text-yellow-100',
  green: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  gray: 'bg-muted text-foreground',
};

/** A job status in its colour (spec 001 §4); the text carries the meaning, the colour only repeats it. */
export function JobStatus({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <span
      className={cn(
        'inline-flex rounded-md px-2 py-0.5 text-xs font-medium',
        TONE_CLASS[jobStatusTone(status)],
      )}
    >
      {status}
    </span>
  );
}
