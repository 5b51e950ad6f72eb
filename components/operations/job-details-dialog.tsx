'use client';

import { useQuery } from '@tanstack/react-query';
import { JobStatus } from '@/components/operations/job-status';
import { QueryState } from '@/components/list/query-state';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { JobHistory } from '@/lib/operations/jobs-endpoints';
import { formatDuration } from '@/lib/format/duration';
import { failedShare } from '@/lib/format/progress';
import { ProgressBar } from '@/components/widgets/progress-bar';
import { jobQueries } from '@/lib/operations/jobs-queries';

function JsonSection({ title, value }: { title: string; value: unknown }) {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return null;
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-medium">{title}</h3>
      <pre
        className="max-h-[40vh] overflow-auto rounded-md border border-border bg-muted/40 p-3 text-xs"
        tabIndex={0}
        aria-label={title}
      >
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}

function JobDetails({ job }: { job: JobHistory }) {
  const details = job.details ?? {};
  const { errors, scrape_summary: scrapeSummary, summary, ...rest } = details as Record<string, unknown>;
  const hasAny =
    [errors, scrapeSummary, summary].some((v) => v !== undefined && v !== null) ||
    Object.keys(rest).length > 0;
  const failed = failedShare(job.success_count, job.error_count);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <JobStatus status={job.status} />
        </dd>
        <dt className="text-muted-foreground">Duration</dt>
        <dd>{formatDuration(job.duration_millis) || '–'}</dd>
        <dt className="text-muted-foreground">Success</dt>
        <dd>{job.success_count ?? 0}</dd>
        <dt className="text-muted-foreground">Errors</dt>
        <dd>{job.error_count ?? 0}</dd>
        {failed && (
          <>
            <dt className="text-muted-foreground">Failed</dt>
            <dd className="sm:col-span-3">
              <ProgressBar value={failed.value} max={failed.max} label="Failed" showValue />
            </dd>
          </>
        )}
      </dl>
      <JsonSection title="Errors" value={errors} />
      <JsonSection title="Scrape Summary" value={scrapeSummary} />
      <JsonSection title="Summary" value={summary} />
      {Object.keys(rest).length > 0 && <JsonSection title="Details" value={rest} />}
      {!hasAny && <p className="text-sm text-muted-foreground">This job recorded no details.</p>}
    </div>
  );
}

/** A job's details (spec 001 §2.2): errors, scrape summary and summary as formatted JSON; loaded by id for links. */
export function JobDetailsDialog({
  jobId,
  initial,
  onClose,
}: {
  jobId: string;
  initial?: JobHistory;
  onClose: () => void;
}) {
  const query = useQuery({ ...jobQueries.job(jobId), enabled: !initial });
  const job = initial ?? query.data ?? undefined;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent showSizeToggle className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{job?.name ?? 'Job'}</DialogTitle>
          <DialogDescription>
            {job
              ? [job.resource_type, job.resource_name ?? job.resource_id].filter(Boolean).join(' · ') ||
                'Job details'
              : 'Job details'}
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          {initial ? (
            <JobDetails job={initial} />
          ) : (
            <QueryState
              query={query}
              empty="The job was not found"
              errorTitle="The job could not be loaded"
              isEmpty={(j) => !j}
              skeleton={<Skeleton className="h-40 w-full" />}
              compact
            >
              {(found) => (found ? <JobDetails job={found} /> : null)}
            </QueryState>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
