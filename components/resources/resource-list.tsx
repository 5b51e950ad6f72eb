'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlColumns } from '@/components/data-table/use-url-columns';
import { useUrlSorting } from '@/components/data-table/use-url-sorting';
import { PagedList } from '@/components/list/paged-list';
import { useResourceColumns } from '@/components/resources/resource-columns';
import { Unauthorized } from '@/components/shell/unauthorized';
import { Button } from '@/components/ui/button';
import { resourceListParams, resourceTableQueries } from '@/lib/resources/queries';
import { resourceHref } from '@/lib/resources/href';
import { resourceTableOf, type ResourceTableName } from '@/lib/resources/resource-tables';
import { resourceListSearch } from '@/lib/resources/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

// The editor (form kit, zod, the dialog) loads when Add is used, not with the list.
const AddResourceDialog = dynamic(
  () => import('@/components/resources/add-resource-dialog').then((m) => m.AddResourceDialog),
  { ssr: false },
);

/**
 * A generic resource list (spec 000 §2 "/settings/{table}", /catalog/scrapers): the table's live rows, newest first,
 * sorted by the backend (at most 100 rows, so one page), with the columns it shows; Add opens the resource editor (`?add=true`, the spec type in `type`).
 */
export function ResourceList({
  table: tableName,
  canWrite,
}: {
  table: ResourceTableName;
  canWrite: boolean;
}) {
  const def = resourceTableOf(tableName);
  const urlState = useUrlState(resourceListSearch);
  const [values, update] = urlState;
  const sorting = useUrlSorting(urlState);
  const chosenColumns = useUrlColumns(urlState);
  const query = useQuery(resourceTableQueries.list(def, resourceListParams(def, values)));
  // The instant the rows were fetched, the same on the server and in the hydrating browser (dehydrated with the data).
  const columns = useResourceColumns(def, query.dataUpdatedAt);
  const openAdd = () => update({ add: true, type: null }, { history: 'push' });

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{def.label}</h1>
        {canWrite ? (
          <Button onClick={openAdd}>
            <PlusIcon aria-hidden />
            Add {def.name}
          </Button>
        ) : null}
      </div>
      {values.add && !canWrite ? (
        <Unauthorized compact />
      ) : (
        <PagedList
          features={pagedListFeatures}
          query={query}
          empty="No resources found"
          errorTitle={`The ${def.label.toLowerCase()} could not be loaded`}
          aria-label={def.label}
          columns={columns}
          getRowId={(row) => row.id}
          {...sorting}
          {...chosenColumns}
          manualSorting
          rowHref={(row) => resourceHref(tableName, row.id)}
          columnChooser
          exportName={def.label}
        />
      )}
      {values.add && canWrite ? (
        <AddResourceDialog
          table={def.table}
          open
          initialSpecType={values.type ?? undefined}
          onSpecTypeChange={(type) => update({ type: type ?? null }, { history: 'replace' })}
          onOpenChange={(open) => {
            if (!open) update({ add: false, type: null }, { history: 'replace' });
          }}
        />
      ) : null}
    </div>
  );
}
