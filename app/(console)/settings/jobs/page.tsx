import type { Metadata } from 'next';
import { JobHistory } from '@/components/operations/job-history';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { jobQueries, jobsListParams } from '@/lib/operations/jobs-queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { jobsSearch } from '@/lib/operations/jobs-search';

export const metadata: Metadata = { title: 'Jobs History' };

/** /settings/jobs: every job, server-paged, filters in the URL (spec 001 §2.2). */
export default async function JobsPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  await requireRouteAccess('/settings/jobs');
  const values = jobsSearch.parse(await searchParams);
  return (
    <PrefetchQueries queries={[jobQueries.list(jobsListParams(values)), jobQueries.names()]}>
      <div className="flex min-w-0 flex-col gap-3 p-4">
        <JobHistory label="Jobs History" />
      </div>
    </PrefetchQueries>
  );
}
