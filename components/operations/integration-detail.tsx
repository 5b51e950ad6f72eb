'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { useAdminOnlyWrite } from '@/components/shell/use-backend-write';
import { QueryState } from '@/components/list/query-state';
import { LazyDeleteResourceDialog, LazyResourceEditor } from '@/components/resources';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { INTEGRATION_KINDS, type IntegrationKind } from '@/lib/operations/integration-types';
import { linkedSourceOf, resourceTableQueries } from '@/lib/resources';
import { settingsAdminQueries } from '@/lib/operations/queries';
import { integrationDetailSearch } from '@/lib/operations/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

// The form kit, zod and the tabs' tables load with the tab, not with the page.
const JobHistory = dynamic(() => import('@/components/operations/job-history').then((m) => m.JobHistory), {
  ssr: false,
});
const LogBackendForm = dynamic(
  () => import('@/components/operations/log-backend-form').then((m) => m.LogBackendForm),
  { ssr: false },
);

const LIST = '/settings/integrations';

function LogBackendSpec({ id }: { id: string }) {
  const router = useRouter();
  const query = useQuery(settingsAdminQueries.logBackend(id));
  return (
    <QueryState
      query={query}
      empty="The log backend was not found"
      errorTitle="The log backend could not be loaded"
      isEmpty={(r) => !r}
    >
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

/**
 * A scraper's or topology's Spec: the resource editor of its table, filled from the record; Save returns to the list
 * with a toast naming the kind. A topology also has Delete (001 §2.4: Delete when editing, then back to the list),
 * offered as the editor's Delete is on its settings page: to who may write, on a topology no other system owns.
 */
function ResourceSpec({ kind, id }: { kind: 'scrapers' | 'topologies'; id: string }) {
  const { table, label } = INTEGRATION_KINDS[kind];
  const router = useRouter();
  const canWrite = useAdminOnlyWrite('integrations');
  const query = useQuery(resourceTableQueries.record(table, id));
  const [deleting, setDeleting] = React.useState(false);
  return (
    <QueryState
      query={query}
      empty="No resources found"
      errorTitle="The integration could not be loaded"
      isEmpty={(r) => !r}
    >
      {(record) => (
        <>
          <LazyResourceEditor
            table={table}
            record={record}
            readOnly={!canWrite}
            successName={(name) => `${label} ${name}`}
            onSaved={() => router.push(LIST)}
            onCancel={() => router.push(LIST)}
            actions={
              kind === 'topologies' && canWrite && linkedSourceOf(record) === undefined ? (
                <Button type="button" variant="destructive" onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              ) : null
            }
          />
          {deleting && (
            <LazyDeleteResourceDialog
              table={table}
              id={record.id}
              name={record.name ?? record.id}
              open
              onOpenChange={setDeleting}
              onDeleted={() => router.push(LIST)}
            />
          )}
        </>
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
          {kind === 'logging_backends' ? <LogBackendSpec id={id} /> : <ResourceSpec kind={kind} id={id} />}
        </TabsContent>
        <TabsContent value="jobs" className="pt-3">
          {values.tab === 'jobs' && (
            <JobHistory resource={{ id, types: def.jobTypes }} label={`${def.label} jobs`} />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
