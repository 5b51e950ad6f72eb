'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { NotificationTabs } from '@/components/notifications/notification-tabs';
import type { SilenceAction } from '@/components/notifications/silence-action-dialog';
import { useAccess } from '@/components/shell/session-provider';
import { usePreferences } from '@/components/shell/preferences-provider';
import { PagedList } from '@/components/list/paged-list';
import { Age } from '@/components/widgets/age';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';
import { checkHref } from '@/lib/health';
import { catalogItemHref } from '@/lib/catalog';
import { componentHref } from '@/lib/topology';
import type { Silence } from '@/lib/notifications/endpoints';
import { notificationQueries, silencesListParams } from '@/lib/notifications/queries';
import { silenceState, type SilenceState } from '@/lib/notifications/silence-state';
import { silencesSearch } from '@/lib/notifications/search';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { INDEFINITELY_DISPLAY } from '@/lib/time-range/ranges';

const SilenceActionDialog = dynamic(
  () => import('@/components/notifications/silence-action-dialog').then((m) => m.SilenceActionDialog),
  { ssr: false },
);

/** What a silence covers: its resource, else its filter, else its selectors. */
export function silenceScope(s: Silence): { label: string; href?: string } {
  if (s.checks)
    return {
      label: s.checks.name ?? s.checks.id,
      href: checkHref(s.checks.id),
    };
  if (s.catalog) return { label: s.catalog.name ?? s.catalog.id, href: catalogItemHref(s.catalog.id) };
  if (s.component)
    return {
      label: s.component.name ?? s.component.id,
      href: componentHref(s.component.id),
    };
  if (s.canary) return { label: `Canary ${s.canary.name ?? s.canary.id}` };
  if (s.filter) return { label: s.filter };
  if (Array.isArray(s.selectors) && s.selectors.length > 0) return { label: JSON.stringify(s.selectors) };
  return { label: '' };
}

const STATE_LABEL: Record<SilenceState, string> = {
  active: 'Active',
  upcoming: 'Upcoming',
  expired: 'Expired',
};
const STATE_VARIANT = { active: 'default', upcoming: 'outline', expired: 'secondary' } as const;

function useColumns(canWrite: boolean, act: (a: SilenceAction) => void) {
  const { preferences } = usePreferences();
  return React.useMemo(() => {
    const fmt = { format: preferences.datetimeFormat, timezone: preferences.timezone };
    const columns: DataTableColumnDef<typeof pagedListFeatures, Silence>[] = [
      { id: 'name', header: 'Name', accessorFn: (row) => row.name },
      {
        id: 'scope',
        header: 'Resource or filter',
        enableSorting: false,
        accessorFn: (row) => silenceScope(row).label,
        cell: ({ row }) => {
          const scope = silenceScope(row.original);
          const text = (
            <>
              {scope.label}
              {row.original.recursive ? (
                <span className="ml-1 text-xs text-muted-foreground">(recursive)</span>
              ) : null}
            </>
          );
          return scope.href ? (
            <Link href={scope.href} className="hover:underline">
              {text}
            </Link>
          ) : (
            <span className="font-mono text-xs break-all">{text}</span>
          );
        },
      },
      {
        id: 'from',
        header: 'From',
        accessorFn: (row) => row.from ?? row.created_at ?? '',
        cell: ({ row }) => (
          <Age from={row.original.from ?? row.original.created_at} mode="absolute" {...fmt} />
        ),
      },
      {
        id: 'until',
        header: 'Until',
        accessorFn: (row) => row.until ?? INDEFINITELY_DISPLAY,
        cell: ({ row }) =>
          row.original.until ? (
            <Age from={row.original.until} mode="absolute" {...fmt} />
          ) : (
            INDEFINITELY_DISPLAY
          ),
      },
      {
        id: 'state',
        header: 'State',
        enableSorting: false,
        accessorFn: (row) => silenceState(row, new Date()),
        cell: ({ getValue }) => {
          const state = getValue() as SilenceState;
          return <Badge variant={STATE_VARIANT[state]}>{STATE_LABEL[state]}</Badge>;
        },
      },
      {
        id: 'description',
        header: 'Reason',
        accessorFn: (row) => row.description ?? '',
      },
      {
        id: 'created_by',
        header: 'Created By',
        enableSorting: false,
        accessorFn: (row) => row.createdBy?.name ?? '',
      },
    ];
    if (canWrite)
      columns.push({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Edit ${row.original.name}`}
              onClick={() => act({ kind: 'edit', silence: row.original })}
            >
              <StaticIcon icon={Pencil} className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${row.original.name}`}
              onClick={() => act({ kind: 'delete', silence: row.original })}
            >
              <StaticIcon icon={Trash2} className="size-4" />
            </Button>
          </div>
        ),
      });
    return columns;
  }, [preferences.datetimeFormat, preferences.timezone, canWrite, act]);
}

/** /notifications/silences: live silences, newest first or by the URL's sort; edit and delete with write on notifications. */
export function SilencesList({ serverPageSize }: { serverPageSize: number }) {
  const urlState = useUrlState(silencesSearch);
  const [values] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const query = useQuery(
    notificationQueries.silenceList(silencesListParams(values, table.pagination.pageSize)),
  );
  const canWrite = useAccess().can('notifications', 'write');
  const [action, setAction] = React.useState<SilenceAction | null>(null);
  const columns = useColumns(canWrite, setAction);

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <NotificationTabs
        current="/notifications/silences"
        actions={
          canWrite ? (
            <Button asChild size="sm">
              <Link href="/notifications/silences/add">Add Silence</Link>
            </Button>
          ) : null
        }
      />
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No silences found"
        errorTitle="The silences could not be loaded"
        aria-label="Silences"
        columns={columns}
        getRowId={(row) => row.id}
        {...table}
      />
      {action && <SilenceActionDialog action={action} onClose={() => setAction(null)} />}
    </div>
  );
}
