'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { QueryState } from '@/components/query-state/query-state';
import { LazyResourceEditor } from '@/components/resources/lazy-resource-editor';
import { PageSkeleton } from '@/components/shell/page-skeleton';
import { Breadcrumb, BreadcrumbItem, BreadcrumbLink, BreadcrumbList, BreadcrumbPage, BreadcrumbSeparator } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ResourceRecordRow } from '@/lib/backend/endpoints/resource-tables';
import { resourceTableQueries } from '@/lib/queries/resource-tables';
import { linkedSourceOf } from '@/lib/resources/linked-source';
import { resourceTableOf, type ResourceTableDefinition, type ResourceTableName } from '@/lib/resources/resource-tables';
import { resourceDetailSearch } from '@/lib/search-params/resources';
import { useUrlState } from '@/lib/search-params/use-url-state';

// Tabs other than Spec, and the delete confirmation, load when they are opened.
const JobHistory = dynamic(() => import('@/components/jobs/job-history').then((m) => m.JobHistory), { ssr: false });
const TeamMembers = dynamic(() => import('@/components/teams/team-members').then((m) => m.TeamMembers), { ssr: false });
const DeleteResourceDialog = dynamic(() => import('@/components/resources/delete-resource-dialog').then((m) => m.DeleteResourceDialog), { ssr: false });

function SpecTab({ def, record, canWrite }: { def: ResourceTableDefinition; record: ResourceRecordRow; canWrite: boolean }) {
  const router = useRouter();
  const [deleting, setDeleting] = React.useState(false);
  const name = record.name ?? record.id;
  const editable = canWrite && linkedSourceOf(record) === undefined;
  const back = () => router.push(def.path);
  return (
    <>
      <LazyResourceEditor
        table={def.table}
        record={record}
        readOnly={!canWrite}
        onCancel={back}
        onSaved={back}
        actions={
          editable ? (
            <Button type="button" variant="destructive" onClick={() => setDeleting(true)}>
              <Trash2Icon aria-hidden />
              Delete
            </Button>
          ) : null
        }
      />
      {deleting ? <DeleteResourceDialog table={def.table} id={record.id} name={name} open onOpenChange={setDeleting} onDeleted={back} /> : null}
    </>
  );
}

/**
 * A generic resource's page (spec 000 §2 "/settings/{table}/{id}", 001 §2.7): breadcrumb, then the tabs Spec (the
 * resource editor with Cancel, Save and Delete), Members (teams) and Job History, the tab in the URL.
 */
export function ResourceDetail({ table: tableName, id, canWrite }: { table: ResourceTableName; id: string; canWrite: boolean }) {
  const def = resourceTableOf(tableName);
  const [values, update] = useUrlState(resourceDetailSearch);
  const query = useQuery(resourceTableQueries.record(def.table, id));
  const name = query.data?.name ?? (query.data === null ? 'Not found' : '…');
  const tab = values.tab === 'members' && !def.members ? 'spec' : values.tab;
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4">
      <Breadcrumb>
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link href={def.path}>{def.label}</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbPage>{name}</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>
      <QueryState query={query} empty="No resources found" errorTitle={`The ${def.name.toLowerCase()} could not be loaded`} skeleton={<PageSkeleton />}>
        {(record) => (
          <Tabs value={tab} onValueChange={(next) => update({ tab: next as typeof values.tab }, { history: 'push' })}>
            <h1 className="sr-only">{record.name ?? record.id}</h1>
            <TabsList aria-label={`${def.name} sections`}>
              <TabsTrigger value="spec">Spec</TabsTrigger>
              {def.members ? <TabsTrigger value="members">Members</TabsTrigger> : null}
              <TabsTrigger value="jobs">Job History</TabsTrigger>
            </TabsList>
            <TabsContent value="spec" className="pt-4">
              <SpecTab def={def} record={record} canWrite={canWrite} />
            </TabsContent>
            {def.members ? (
              <TabsContent value="members" className="pt-4">
                <TeamMembers teamId={record.id} />
              </TabsContent>
            ) : null}
            <TabsContent value="jobs" className="pt-4">
              <JobHistory resource={{ id: record.id, types: [def.jobResourceType] }} label="Job History" />
            </TabsContent>
          </Tabs>
        )}
      </QueryState>
    </div>
  );
}
