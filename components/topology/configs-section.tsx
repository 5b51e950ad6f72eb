'use client';

import * as React from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { Link2, Unlink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toastSuccess } from '@/components/widgets/toast';
import { QueryState } from '@/components/list/query-state';
import { SectionSkeleton } from '@/components/topology/panel-section';
import { MANUAL_SELECTOR_ID, SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { topologyQueries, useConfigSearch } from '@/lib/topology/queries';
import { useConfigLinkMutation } from '@/lib/topology/mutations';
import { catalogItemHref } from '@/lib/catalog';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Search-as-you-type for a config to link; upstream loaded every config up front. */
function LinkConfigDialog({
  componentId,
  linked,
  open,
  onOpenChange,
}: {
  componentId: string;
  linked: ReadonlySet<string>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [term, setTerm] = React.useState('');
  const debounced = useDebounced(term, SEARCH_DEBOUNCE_MS);
  const results = useConfigSearch(debounced, open);
  const mutation = useConfigLinkMutation(componentId);

  const link = (configId: string, name: string) =>
    mutation.mutate(
      { configId, action: 'link' },
      {
        onSuccess: () => {
          toastSuccess(`Linked ${name}`);
          onOpenChange(false);
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Link a config</DialogTitle>
          <DialogDescription>
            Search the catalog by name and choose the config to link to this component.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="space-y-3">
          <Input
            type="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder="Search configs"
            aria-label="Search configs"
            autoFocus
          />
          <QueryState
            query={results}
            empty="No options found"
            errorTitle="The options could not be loaded"
            skeleton={<SectionSkeleton />}
            compact
          >
            {(rows) => (
              <ul className="max-h-80 overflow-auto" aria-label="Configs">
                {rows.map((c) => {
                  const already = linked.has(c.id);
                  return (
                    <li key={c.id} className="flex items-center gap-2 border-b border-border py-1.5 text-sm">
                      <span className="min-w-0 flex-1 truncate">
                        {c.name || c.id} <span className="text-xs text-muted-foreground">{c.type}</span>
                      </span>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={already || mutation.isPending}
                        onClick={() => link(c.id, c.name || c.id)}
                        aria-label={already ? `${c.name ?? c.id} is linked` : `Link ${c.name ?? c.id}`}
                      >
                        {already ? 'Linked' : 'Link'}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </QueryState>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The configs linked to the component. People with write on topologies can link a config and unlink the ones
 * linked by hand (selector 'manual'); links made by selectors come from the topology spec and stay.
 */
export function ConfigsSection({ componentId, canEdit }: { componentId: string; canEdit: boolean }) {
  const query = useQuery(topologyQueries.configs(componentId));
  const mutation = useConfigLinkMutation(componentId);
  const [dialogOpen, setDialogOpen] = React.useState(false);
  const linked = React.useMemo(() => new Set((query.data ?? []).map((r) => r.config_id)), [query.data]);

  const unlink = (configId: string, name: string) =>
    mutation.mutate({ configId, action: 'unlink' }, { onSuccess: () => toastSuccess(`Unlinked ${name}`) });

  return (
    <div className="space-y-2">
      <QueryState
        query={query}
        empty="No configs linked"
        errorTitle="The configs could not be loaded"
        skeleton={<SectionSkeleton />}
        compact
      >
        {(rows) => (
          <ul>
            {rows.map((r) => {
              const name = r.configs?.name || r.config_id;
              return (
                <li key={r.config_id} className="flex min-w-0 items-center gap-2 py-1 text-sm">
                  <Link
                    href={catalogItemHref(r.config_id)}
                    className="min-w-0 truncate text-primary hover:underline"
                  >
                    {name}
                  </Link>
                  <span className="truncate text-xs text-muted-foreground">{r.configs?.type}</span>
                  {canEdit && r.selector_id === MANUAL_SELECTOR_ID && (
                    <Button
                      size="icon"
                      variant="ghost"
                      className="ml-auto size-7"
                      aria-label={`Unlink ${name}`}
                      disabled={mutation.isPending}
                      onClick={() => unlink(r.config_id, name)}
                    >
                      <Unlink aria-hidden />
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {canEdit && (
        <>
          <Button size="sm" variant="outline" onClick={() => setDialogOpen(true)}>
            <Link2 aria-hidden /> Link config
          </Button>
          {dialogOpen && (
            <LinkConfigDialog
              componentId={componentId}
              linked={linked}
              open={dialogOpen}
              onOpenChange={setDialogOpen}
            />
          )}
        </>
      )}
    </div>
  );
}
