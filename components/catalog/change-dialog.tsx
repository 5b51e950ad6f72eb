'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { CodeBlock } from '@/components/catalog/code-block';
import { ConfigName } from '@/components/catalog/catalog-cells';
import { DiffView } from '@/components/catalog/diff-view';
import { QueryState } from '@/components/query-state/query-state';
import { UserAvatar } from '@/components/shell/user-avatar';
import { Age } from '@/components/ui/age';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { catalogQueries } from '@/lib/queries/catalog';
import { catalogItemHref } from '@/lib/search-params/catalog';

function Creator({
  personId,
  external,
}: {
  personId: string | null | undefined;
  external: string | null | undefined;
}) {
  const person = useQuery({ ...catalogQueries.person(personId ?? ''), enabled: Boolean(personId) });
  const name = person.data?.name ?? external;
  if (!name) return null;
  return (
    <span className="flex items-center gap-2">
      <UserAvatar name={name} avatar={person.data?.avatar} className="size-6" />
      {name}
    </span>
  );
}

const hasContent = (v: unknown) =>
  v !== null && v !== undefined && !(typeof v === 'object' && Object.keys(v).length === 0);

/** A change: its diff as a diff, details and patches as code, its config, creator and time (loaded when opened). */
export function ChangeDialog({ changeId, onClose }: { changeId: string; onClose: () => void }) {
  const query = useQuery(catalogQueries.change(changeId));
  const change = query.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-4xl" showSizeToggle>
        <DialogHeader>
          <DialogTitle>
            {change
              ? `${change.change_type ?? 'Change'}${change.config?.name ? ` – ${change.config.name}` : ''}`
              : 'Change'}
          </DialogTitle>
          <DialogDescription>{change?.summary ?? 'The change, its diff and details'}</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex min-w-0 flex-col gap-4 overflow-auto">
          <QueryState
            query={query}
            empty="This change no longer exists"
            errorTitle="The change could not be loaded"
          >
            {(c) => (
              <>
                <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
                  {c.config && (
                    <>
                      <dt className="text-muted-foreground">Config</dt>
                      <dd>
                        <Link href={catalogItemHref(c.config.id)} className="hover:underline">
                          <ConfigName name={c.config.name} type={c.config.type} />
                        </Link>
                      </dd>
                    </>
                  )}
                  <dt className="text-muted-foreground">Time</dt>
                  <dd>
                    <Age from={c.created_at} mode="absolute" />
                  </dd>
                  {c.severity && (
                    <>
                      <dt className="text-muted-foreground">Severity</dt>
                      <dd>{c.severity}</dd>
                    </>
                  )}
                  {c.source && (
                    <>
                      <dt className="text-muted-foreground">Source</dt>
                      <dd>{c.source}</dd>
                    </>
                  )}
                  {(c.created_by || c.external_created_by) && (
                    <>
                      <dt className="text-muted-foreground">Created by</dt>
                      <dd>
                        <Creator personId={c.created_by} external={c.external_created_by} />
                      </dd>
                    </>
                  )}
                </dl>
                {c.diff && (
                  <section aria-label="Diff">
                    <h3 className="mb-1 text-sm font-semibold">Diff</h3>
                    <DiffView diff={c.diff} />
                  </section>
                )}
                {hasContent(c.details) && (
                  <section>
                    <h3 className="mb-1 text-sm font-semibold">Details</h3>
                    <CodeBlock value={c.details} label="Details" />
                  </section>
                )}
                {hasContent(c.patches) && (
                  <section>
                    <h3 className="mb-1 text-sm font-semibold">Patches</h3>
                    <CodeBlock value={c.patches} label="Patches" />
                  </section>
                )}
              </>
            )}
          </QueryState>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
