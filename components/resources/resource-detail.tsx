'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { HealthTabs } from '@/components/health';
import { QueryState } from '@/components/list/query-state';
import { LazyResourceEditor } from '@/components/resources/lazy-resource-editor';
import { PageSkeleton } from '@/components/shell/page-skeleton';
import { Button } from '@/components/ui/button';
import { BreadcrumbTrail } from '@/components/widgets/breadcrumb-trail';
import type { ResourceRecordRow } from '@/lib/resources/endpoints';
import { resourceTableQueries } from '@/lib/resources/queries';
import { linkedSourceOf } from '@/lib/resources/linked-source';
import {
  resourceTableOf,
  type ResourceTableDefinition,
  type ResourceTableName,
} from '@/lib/resources/resource-tables';
import { resourceDetailSearch, type RESOURCE_TABS } from '@/lib/resources/search';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { LazyJobHistory } from '@/components/operations';
import { LazyTeamMembers, LazyPermissionsList } from '@/components/access';

// Tabs other than Spec, and the delete confirmation, load when they are opened. The tab bar is the list kit's
// light one (HealthTabs), not Radix Tabs, to keep the page within its first-load budget.
const DeleteResourceDialog = dynamic(
  () => import('@/components/resources/delete-resource-dialog').then((m) => m.DeleteResourceDialog),
  { ssr: false },
);

type Tab = (typeof RESOURCE_TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  spec: 'Spec',
  members: 'Members',
  permissions: 'Permissions',
  jobs: 'Job History',
};

function SpecTab({
  def,
  record,
  canWrite,
}: {
  def: ResourceTableDefinition;
  record: ResourceRecordRow;
  canWrite: boolean;
}) {
  const router = useRouter();
  const [deleting, setDeleting] = React.useState(false);
  const name = record.name ?? record.id;
  const editable = canWrite && linkedSourceOf(record) === undefined;
  const back = () => router.push(def.path);
  // 001 §2.4: a topology returns to /settings/integrations after update or delete; Cancel goes back to the list.
  const done = () => router.push(def.returnPath ?? def.path);
  return (
    <>
      <LazyResourceEditor
        table={def.table}
        record={record}
        readOnly={!canWrite}
        onCancel={back}
        onSaved={done}
        actions={
          editable ? (
            <Button type="button" variant="destructive" onClick={() => setDeleting(true)}>
              <Trash2Icon aria-hidden />
              Delete
            </Button>
          ) : null
        }
      />
      {deleting ? (
        <DeleteResourceDialog
          table={def.table}
          id={record.id}
          name={name}
          open
          onOpenChange={setDeleting}
          onDeleted={done}
        />
      ) : null}
    </>
  );
}

/**
 * A generic resource's page (spec 000 §2 "/settings/{table}/{id}", 001 §2.7): breadcrumb, then the tabs Spec (the
 * resource editor with Cancel, Save and Delete), Members and Permissions (teams) and Job History, the tab in the URL.
 */
export function ResourceDetail({
  table: tableName,
  id,
  canWrite,
}: {
  table: ResourceTableName;
  id: string;
  canWrite: boolean;
}) {
  const def = resourceTableOf(tableName);
  const [values, update] = useUrlState(resourceDetailSearch);
  const query = useQuery(resourceTableQueries.record(def.table, id));
  const name = query.data?.name ?? (query.data === null ? 'Not found' : '…');
  // A team's page also lists the permissions granted to the team (issue 20), as /settings/permissions?team_id= does.
  const tabs: Tab[] = def.members ? ['spec', 'members', 'permissions', 'jobs'] : ['spec', 'jobs'];
  const tab: Tab = tabs.includes(values.tab) ? values.tab : 'spec';
  const panelId = React.useId();
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4">
      <BreadcrumbTrail steps={[{ href: def.path, label: def.label }]} current={name} />
      <QueryState
        query={query}
        empty="No resources found"
        errorTitle={`The ${def.name.toLowerCase()} could not be loaded`}
        skeleton={<PageSkeleton />}
      >
        {(record) => (
          <>
            <h1 className="sr-only">{record.name ?? record.id}</h1>
            <HealthTabs
              tabs={tabs}
              value={tab}
              onChange={(next) => update({ tab: next as Tab }, { history: 'push' })}
              label={`${def.name} sections`}
              panelId={panelId}
              renderLabel={(t) => TAB_LABELS[t as Tab]}
            />
            <div
              id={panelId}
              role="tabpanel"
              aria-labelledby={`${panelId}-tab-${tabs.indexOf(tab)}`}
              className="pt-2"
            >
              {tab === 'spec' ? <SpecTab def={def} record={record} canWrite={canWrite} /> : null}
              {tab === 'members' ? <LazyTeamMembers teamId={record.id} /> : null}
              {tab === 'permissions' ? <LazyPermissionsList scope={{ team_id: record.id }} /> : null}
              {tab === 'jobs' ? (
                <LazyJobHistory
                  resource={{ id: record.id, types: [def.jobResourceType] }}
                  label="Job History"
                />
              ) : null}
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
