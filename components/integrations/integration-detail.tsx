'use client';

import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { JobHistory } from '@/components/jobs/job-history';
import { LogBackendForm } from '@/components/log-backends/log-backend-form';
import { QueryState } from '@/components/query-state/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { INTEGRATION_KINDS, type IntegrationKind } from '@/lib/integrations/integration-types';
import { settingsAdminQueries } from '@/lib/queries/settings-admin';
import { integrationDetailSearch } from '@/lib/search-params/settings-admin';
import { useUrlState } from '@/lib/search-params/use-url-state';

const LIST = '/settings/integrations';

function LogBackendSpec({ id }: { id: string }) {
  const router = useRouter();
  const query = useQuery(settingsAdminQueries.logBackend(id));
  return (
    <QueryState query={query} empty="The log backend was not found" errorTitle="The log backend could not be loaded" isEmpty={(r) => !r}>
      {(record) => (
        <LogBackendForm
          record={record}
          successName={(name) => `${INTEGRATION_KINDS.logging_backends.label} ${name}`}
          onSaved={() => router.push(LIST)}
          onCancel={() => router.push(LIST)}
        />
      )}
    </QueryState>
  );
}

/** An integration: its Spec in the form of its kind, filled from the record, and its Job History. */
export function IntegrationDetail({ kind, id }: { kind: IntegrationKind; id: string }) {
  const [values, update] = useUrlState(integrationDetailSearch);
  const def = INTEGRATION_KINDS[kind];
  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <Tabs value={values.tab} onValueChange={(tab) => update({ tab: tab as typeof values.tab })}>
        <TabsList aria-label={`${def.label} sections`}>
          <TabsTrigger value="spec">Spec</TabsTrigger>
          <TabsTrigger value="jobs">Job History</TabsTrigger>
        </TabsList>
        <TabsContent value="spec" className="pt-3">
          {kind === 'logging_backends' && <LogBackendSpec id={id} />}
        </TabsContent>
        <TabsContent value="jobs" className="pt-3">
          {values.tab === 'jobs' && <JobHistory resource={{ id, types: def.jobTypes }} label={`${def.label} jobs`} />}
        </TabsContent>
      </Tabs>
    </div>
  );
}
