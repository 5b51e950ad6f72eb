'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FilterSelect } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { QueryState } from '@/components/list/query-state';
import { UrlSearchBox } from '@/components/list/search-box';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { toastDeleted, toastError, toastSuccess } from '@/components/widgets/toast';
import { deleteStatusPageAction, setStatusPagePublishedAction } from '@/lib/status-page/actions';
import type { StatusPageSummary } from '@/lib/status-page/endpoints';
import { publicStatusPageHref, statusPageEditHref, statusPagePreviewHref } from '@/lib/status-page/href';
import { statusPageKeys, statusPageQueries } from '@/lib/status-page/queries';
import { filterStatusPages, statusPagesSearch } from '@/lib/status-page/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

const STATE_OPTIONS = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];

/** Publish or unpublish through the server action, which also drops this console's cached public page. */
function usePageAction() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, setPending] = React.useState<string | null>(null);
  const run = async (
    id: string,
    action: () => Promise<{ ok: boolean; error?: string }>,
    done: () => void,
  ) => {
    setPending(id);
    try {
      const result = await action();
      if (!result.ok) {
        toastError(result.error ?? 'An error occurred');
        return false;
      }
      done();
      await queryClient.invalidateQueries({ queryKey: statusPageKeys.all });
      router.refresh();
      return true;
    } finally {
      setPending(null);
    }
  };
  return { pending, run };
}

function PageRow({ page }: { page: StatusPageSummary }) {
  const { pending, run } = usePageAction();
  const [deleting, setDeleting] = React.useState(false);
  const busy = pending === page.id;
  return (
    <TableRow>
      <TableCell className="font-medium">
        <Link href={statusPageEditHref(page.id)} className="hover:underline">
          {page.name}
        </Link>
      </TableCell>
      <TableCell>
        <code className="text-xs">/status/{page.slug}</code>
      </TableCell>
      <TableCell>
        {page.published ? <Badge>Published</Badge> : <Badge variant="outline">Draft</Badge>}
      </TableCell>
      <TableCell className="text-right tabular-nums">{page.entry_count}</TableCell>
      <TableCell>
        <div className="flex flex-wrap justify-end gap-2">
          <Link
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            href={statusPageEditHref(page.id)}
          >
            Edit <span className="sr-only">{page.name}</span>
          </Link>
          <a
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            href={statusPagePreviewHref(page.id)}
            target="_blank"
            rel="noreferrer"
          >
            Preview <span className="sr-only">{page.name}</span>
          </a>
          {page.published && (
            <a
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              href={publicStatusPageHref(page.slug)}
              target="_blank"
              rel="noreferrer"
            >
              Open <span className="sr-only">{page.name}</span>
            </a>
          )}
          <Button
            size="sm"
            variant={page.published ? 'outline' : 'default'}
            disabled={busy}
            onClick={() =>
              void run(
                page.id,
                () => setStatusPagePublishedAction(page.id, !page.published),
                () => toastSuccess(`${page.name} ${page.published ? 'unpublished' : 'published'}`),
              )
            }
          >
            {page.published ? 'Unpublish' : 'Publish'} <span className="sr-only">{page.name}</span>
          </Button>
          <Button size="sm" variant="destructive" disabled={busy} onClick={() => setDeleting(true)}>
            Delete <span className="sr-only">{page.name}</span>
          </Button>
        </div>
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={`Delete ${page.name}`}
          pendingLabel="Deleting..."
          onConfirm={async () => {
            const ok = await run(
              page.id,
              () => deleteStatusPageAction(page.id),
              () => toastDeleted(page.name),
            );
            // Keeps the dialog open; the action's error was shown.
            if (!ok) throw new Error('not deleted');
          }}
        />
      </TableCell>
    </TableRow>
  );
}

/**
 * Settings → Status Page: the pages, their state, and what an admin does with each; the search (`query`, name or
 * address) and the state filter narrow them in the browser (a handful of pages, all here) and live in the URL.
 */
export function StatusPagesList() {
  const query = useQuery(statusPageQueries.list());
  const urlState = useUrlState(statusPagesSearch);
  const [{ query: words, state }, update] = urlState;
  const shown = React.useMemo(
    () => (query.data ? filterStatusPages(query.data, words, state) : undefined),
    [query.data, words, state],
  );
  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Public pages of chosen components and check groups, under names you choose. A published page is
          served at <code>/status/&lt;slug&gt;</code> without sign-in.
        </p>
        <Link className={buttonVariants()} href={statusPageEditHref('new')}>
          Add Status Page
        </Link>
      </div>
      <ListToolbar label="Status pages">
        <UrlSearchBox urlState={urlState} param="query" label="Search status pages" />
        <FilterSelect
          label="State"
          value={state}
          options={STATE_OPTIONS}
          onChange={(value) => update({ state: (value || null) as typeof state })}
        />
      </ListToolbar>
      <QueryState
        query={{ ...query, data: shown }}
        empty={words || state ? 'No status pages match' : 'No status pages yet'}
        errorTitle="The status pages could not be loaded"
        isEmpty={(rows) => rows.length === 0}
      >
        {(pages) => (
          <div className="overflow-x-auto rounded-md border">
            <Table aria-label="Status pages">
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Address</TableHead>
                  <TableHead>State</TableHead>
                  <TableHead className="text-right">Entries</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {pages.map((page) => (
                  <PageRow key={page.id} page={page} />
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </QueryState>
    </div>
  );
}
