'use client';

import * as React from 'react';
import { Command } from 'cmdk';
import { useRouter } from 'next/navigation';
import { LazyCreateIncidentDialog } from '@/components/incidents';
import { LazyRunPlaybookDialog } from '@/components/playbooks';
import { usePreferences } from '@/components/shell/preferences-provider';
import { QueryProvider } from '@/components/shell/query-provider';
import type { ClientSession } from '@/components/shell/session-provider';
import { useResolvedTheme } from '@/components/shell/use-resolved-theme';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { StatusDot } from '@/components/widgets/status-dot';
import { toastError, toastSuccess } from '@/components/widgets/toast';
import { copyToClipboard } from '@/lib/clipboard';
import { readLiveEnabled, writeLiveEnabled } from '@/lib/live';
import { silenceAddHref } from '@/lib/notifications';
import { paletteActions, silenceTargetOf, type PaletteAction } from '@/lib/palette/actions';
import type { PalettePage } from '@/lib/palette/pages';
import { rankEntries } from '@/lib/palette/rank';
import { readRecent, rememberRecent, type RecentEntry } from '@/lib/palette/recent';
import { MAX_PINNED, MAX_VIEWS, type SavedView } from '@/lib/palette/saved-views';
import { canSaveViewOf, checkViewHref, viewHrefToSave } from '@/lib/palette/view-url';
import { usePaletteSearch, usePlaybookChoices } from './use-palette-search';
import { useSavedViews, type WriteResult } from './use-saved-views';

type Page =
  | { type: 'root' }
  | { type: 'run-playbook' }
  | { type: 'save-view' }
  | { type: 'views' }
  | { type: 'view'; id: string }
  | { type: 'rename'; id: string };

type Task = { type: 'create-incident' } | { type: 'run-playbook'; playbookId: string } | null;

const PLACEHOLDERS: Record<Page['type'], string> = {
  root: 'Search pages, checks, config items, incidents, playbooks and actions…',
  'run-playbook': 'Find the playbook to run…',
  'save-view': 'Name this view, then press Enter',
  views: 'Find a saved view…',
  view: 'Choose what to do with this view…',
  rename: 'The new name, then press Enter',
};

const MAX_PAGES = 8;

/** Says why a write was refused before it was sent; a failed write was already toasted. */
function refused(result: WriteResult): boolean {
  if (result.ok) return false;
  if (result.reason === 'full') void toastError(`At most ${MAX_VIEWS} views can be saved: delete one first.`);
  if (result.reason === 'pins-full')
    void toastError(`At most ${MAX_PINNED} views can be pinned: unpin one first.`);
  return true;
}

function Item({
  value,
  href,
  onSelect,
  children,
}: {
  value: string;
  /** The address Ctrl/⌘-Enter opens in a new tab. */
  href?: string;
  onSelect: () => void;
  children: React.ReactNode;
}) {
  return (
    <Command.Item
      value={value}
      data-href={href}
      onSelect={onSelect}
      className="flex min-w-0 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
    >
      {children}
    </Command.Item>
  );
}

function Line({ title, context, kind }: { title: string; context?: string; kind?: string }) {
  return (
    <>
      <span className="min-w-0 truncate">{title}</span>
      {context && <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{context}</span>}
      {!context && <span className="flex-1" />}
      {kind && <span className="shrink-0 rounded border px-1.5 text-xs text-muted-foreground">{kind}</span>}
    </>
  );
}

const groupClass =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

/**
 * The command palette (issue 33) on cmdk inside the kit's Radix dialog: Pages the person may open, Things found by
 * name, saved views and the Actions they may take; recent entries before anything is typed. Enter opens,
 * Ctrl/⌘-Enter opens in a new tab, Escape steps back from a sub-list, then closes and gives focus back.
 */
export function CommandPalette({
  open,
  start = 'root',
  onOpenChange,
  session,
  pages,
  onShowHelp,
}: {
  open: boolean;
  /** The page it opens on: the root, or a flow a control asked for (the list toolbar's Save view). */
  start?: 'root' | 'save-view';
  onOpenChange: (open: boolean) => void;
  session: ClientSession;
  pages: readonly PalettePage[];
  onShowHelp: () => void;
}) {
  const [page, setPage] = React.useState<Page>({ type: start });
  const [task, setTask] = React.useState<Task>(null);
  React.useEffect(() => {
    if (open) setPage({ type: start });
  }, [open, start]);

  return (
    <QueryProvider>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          aria-describedby={undefined}
          showCloseButton={false}
          // Above every other dialog and panel (z-50): a panel whose dialog mounts after the palette opened over it
          // (its code still loading) put its backdrop over the palette's options and took their clicks.
          className="top-[12vh] z-[60] max-h-[76vh] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-xl data-[state=closed]:zoom-out-100 data-[state=open]:zoom-in-100"
          onEscapeKeyDown={(event) => {
            if (page.type === 'root') return;
            event.preventDefault();
            setPage(page.type === 'view' || page.type === 'rename' ? { type: 'views' } : { type: 'root' });
          }}
        >
          <DialogTitle className="sr-only">Search and commands</DialogTitle>
          <PaletteBody
            key={page.type === 'view' || page.type === 'rename' ? `${page.type}:${page.id}` : page.type}
            page={page}
            setPage={setPage}
            session={session}
            pages={pages}
            close={() => onOpenChange(false)}
            startTask={(t) => {
              onOpenChange(false);
              setTask(t);
            }}
            onShowHelp={onShowHelp}
          />
        </DialogContent>
      </Dialog>
      {task?.type === 'create-incident' && (
        <LazyCreateIncidentDialog personId={session.user.id} onClose={() => setTask(null)} />
      )}
      {task?.type === 'run-playbook' && (
        <LazyRunPlaybookDialog
          open
          onOpenChange={(o: boolean) => !o && setTask(null)}
          playbookId={task.playbookId}
        />
      )}
    </QueryProvider>
  );
}

function PaletteBody({
  page,
  setPage,
  session,
  pages,
  close,
  startTask,
  onShowHelp,
}: {
  page: Page;
  setPage: (page: Page) => void;
  session: ClientSession;
  pages: readonly PalettePage[];
  close: () => void;
  startTask: (task: NonNullable<Task>) => void;
  onShowHelp: () => void;
}) {
  const router = useRouter();
  const userId = session.user.id;
  const saved = useSavedViews(userId);
  const views = saved.views;
  const view =
    page.type === 'view' || page.type === 'rename' ? views.find((v) => v.id === page.id) : undefined;
  const [query, setQuery] = React.useState(page.type === 'rename' ? (view?.name ?? '') : '');
  const [recent] = React.useState(() => readRecent(userId));
  const { setPreference } = usePreferences();
  const theme = useResolvedTheme();
  const here = `${window.location.pathname}${window.location.search}`;
  const listRef = React.useRef<HTMLDivElement>(null);
  const inputRef = React.useRef<HTMLInputElement>(null);
  // A sub-list mounts its own box: focus follows it there (the dialog focuses the first one itself, and
  // autoFocus would make the dialog take that box, not the opener, as the element to return focus to).
  React.useEffect(() => {
    if (page.type !== 'root') inputRef.current?.focus();
  }, [page.type]);

  const go = (href: string, entry: Omit<RecentEntry, 'href'>) => {
    rememberRecent(userId, { href, ...entry });
    close();
    router.push(href);
  };
  const openView = async (v: SavedView) => {
    const checked = await checkViewHref(v.href);
    go(checked.href, { title: v.name, kind: 'Saved view' });
    if (checked.dropped.length > 0)
      void toastError(
        `“${v.name}” opened without ${checked.dropped.join(', ')}: this page no longer reads them.`,
      );
  };
  const shareView = async (v: SavedView) => {
    const result = await copyToClipboard(new URL(v.href, window.location.origin).toString(), 'Link copied');
    void (result.ok ? toastSuccess(result.message) : toastError(result.message));
  };

  const runAction = (action: PaletteAction) => {
    switch (action.id) {
      case 'create-incident':
        return startTask({ type: 'create-incident' });
      case 'run-playbook':
        return setPage({ type: 'run-playbook' });
      case 'add-silence':
        return go(silenceAddHref(silenceTargetOf(window.location.pathname, window.location.search) ?? {}), {
          title: action.title,
          kind: 'Page',
        });
      case 'save-view':
        return setPage({ type: 'save-view' });
      case 'manage-views':
        return setPage({ type: 'views' });
      case 'toggle-live':
        // The header's switch hears the change (lib/live/preference.ts) and starts or stops the stream.
        writeLiveEnabled(!readLiveEnabled());
        return close();
      case 'toggle-theme':
        setPreference('theme', theme === 'dark' ? 'light' : 'dark');
        return close();
      case 'switch-organization':
        return window.location.assign('/organizations');
      case 'sign-out':
        return window.location.assign(`/logout?return_to=${encodeURIComponent(here)}`);
    }
  };

  // Ctrl/⌘-Enter: the selected entry's address in a new tab (entries without one, the actions, ignore it).
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      const href = listRef.current
        ?.querySelector('[cmdk-item][data-selected="true"]')
        ?.getAttribute('data-href');
      if (!href) return;
      event.preventDefault();
      window.open(href, '_blank', 'noopener');
    } else if (event.key === 'Backspace' && query === '' && page.type !== 'root') {
      event.preventDefault();
      setPage(page.type === 'view' || page.type === 'rename' ? { type: 'views' } : { type: 'root' });
    }
  };

  return (
    <Command
      label="Search and commands"
      shouldFilter={false}
      loop
      onKeyDown={onKeyDown}
      className="flex min-h-0 flex-col"
    >
      <div className="flex items-center gap-2 border-b px-3">
        {page.type !== 'root' && (
          <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-xs">
            {page.type === 'run-playbook'
              ? 'Run playbook'
              : page.type === 'save-view'
                ? 'Save view'
                : view
                  ? view.name
                  : 'Saved views'}
          </span>
        )}
        <Command.Input
          ref={inputRef}
          value={query}
          onValueChange={setQuery}
          placeholder={PLACEHOLDERS[page.type]}
          aria-label={PLACEHOLDERS[page.type]}
          className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
      </div>
      <Command.List
        ref={listRef}
        label="Results"
        className="max-h-[60vh] overflow-y-auto overscroll-contain p-2"
      >
        {page.type === 'root' && (
          <RootPage
            query={query}
            session={session}
            pages={pages}
            recent={recent}
            views={views}
            canSaveView={canSaveViewOf(window.location.pathname)}
            go={go}
            openView={openView}
            runAction={runAction}
            onShowHelp={() => (close(), onShowHelp())}
          />
        )}
        {page.type === 'run-playbook' && (
          <PlaybookPicker
            query={query}
            onPick={(playbookId) => startTask({ type: 'run-playbook', playbookId })}
          />
        )}
        {page.type === 'save-view' && (
          <Command.Group heading="Save view" className={groupClass}>
            <Item
              value="save"
              onSelect={async () => {
                const result = await saved.add(query, viewHrefToSave(here));
                if (refused(result)) return;
                if (result.ok) void toastSuccess(`Saved view “${result.view?.name}”`);
                close();
              }}
            >
              <Line
                title={query.trim() ? `Save as “${query.trim()}”` : 'Save with this address as its name'}
                context={viewHrefToSave(here)}
              />
            </Item>
          </Command.Group>
        )}
        {page.type === 'views' && (
          <Command.Group heading="Saved views" className={groupClass}>
            <Command.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">
              No saved views
            </Command.Empty>
            {rankEntries(
              query,
              views.map((v) => ({ ...v, title: v.name, keywords: [v.href] })),
            ).map((v) => (
              <Item
                key={v.id}
                value={`view:${v.id}`}
                href={v.href}
                onSelect={() => setPage({ type: 'view', id: v.id })}
              >
                <Line title={v.name} context={v.href} kind={v.pinned ? 'Pinned' : undefined} />
              </Item>
            ))}
          </Command.Group>
        )}
        {page.type === 'view' && view && (
          <Command.Group heading={`Saved view “${view.name}”`} className={groupClass}>
            <Item value="open" href={view.href} onSelect={() => void openView(view)}>
              <Line title="Open" context={view.href} />
            </Item>
            <Item value="share" onSelect={() => void shareView(view)}>
              <Line title="Copy link to share" />
            </Item>
            <Item value="rename" onSelect={() => setPage({ type: 'rename', id: view.id })}>
              <Line title="Rename…" />
            </Item>
            <Item value="pin" onSelect={async () => void refused(await saved.togglePin(view.id))}>
              <Line title={view.pinned ? 'Unpin from the sidebar' : 'Pin to the sidebar'} />
            </Item>
            <Item
              value="delete"
              onSelect={async () => {
                if (refused(await saved.remove(view.id))) return;
                void toastSuccess(`Deleted view “${view.name}”`);
                setPage({ type: 'views' });
              }}
            >
              <Line title="Delete" />
            </Item>
          </Command.Group>
        )}
        {page.type === 'rename' && view && (
          <Command.Group heading={`Rename “${view.name}”`} className={groupClass}>
            <Item
              value="rename"
              onSelect={async () => {
                if (refused(await saved.rename(view.id, query))) return;
                setPage({ type: 'view', id: view.id });
              }}
            >
              <Line title={`Rename to “${query.trim() || view.name}”`} />
            </Item>
          </Command.Group>
        )}
      </Command.List>
      <div className="flex items-center gap-3 border-t px-3 py-2 text-xs text-muted-foreground" aria-hidden>
        <span>↑↓ move</span>
        <span>Enter open</span>
        <span>Ctrl+Enter new tab</span>
        <span>Esc {page.type === 'root' ? 'close' : 'back'}</span>
        <span className="flex-1 text-right">? shortcuts</span>
      </div>
    </Command>
  );
}

function RootPage({
  query,
  session,
  pages,
  recent,
  views,
  canSaveView,
  go,
  openView,
  runAction,
  onShowHelp,
}: {
  query: string;
  session: ClientSession;
  pages: readonly PalettePage[];
  recent: readonly RecentEntry[];
  views: readonly SavedView[];
  canSaveView: boolean;
  go: (href: string, entry: Omit<RecentEntry, 'href'>) => void;
  openView: (view: SavedView) => Promise<void>;
  runAction: (action: PaletteAction) => void;
  onShowHelp: () => void;
}) {
  const typed = query.trim() !== '';
  const { things, searching, failed } = usePaletteSearch(query);
  const actions = paletteActions(session, {
    canSaveView,
    hasSavedViews: views.length > 0,
    liveEnabled: readLiveEnabled(),
    silenceTarget: silenceTargetOf(window.location.pathname, window.location.search),
  });
  const shownPages = typed
    ? rankEntries(
        query,
        pages.map((p) => ({ ...p, keywords: [p.section] })),
        MAX_PAGES,
      )
    : [];
  const shownViews = typed
    ? rankEntries(
        query,
        views.map((v) => ({ ...v, title: v.name, keywords: ['saved view'] })),
        5,
      )
    : views.filter((v) => v.pinned);
  const shownActions = typed ? rankEntries(query, actions) : actions;
  const help = { title: 'Keyboard shortcuts', keywords: ['help', 'keys', 'shortcuts'] };

  return (
    <>
      <Command.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">
        {searching ? 'Searching…' : 'Nothing found'}
      </Command.Empty>
      {!typed && recent.length > 0 && (
        <Command.Group heading="Recent" className={groupClass}>
          {recent.map((r) => (
            <Item key={r.href} value={`recent:${r.href}`} href={r.href} onSelect={() => go(r.href, r)}>
              <Line title={r.title} context={r.context} kind={r.kind} />
            </Item>
          ))}
        </Command.Group>
      )}
      {shownPages.length > 0 && (
        <Command.Group heading="Pages" className={groupClass}>
          {shownPages.map((p) => (
            <Item
              key={p.href}
              value={`page:${p.href}`}
              href={p.href}
              onSelect={() => go(p.href, { title: p.title, kind: 'Page' })}
            >
              <Line title={p.title} context={p.section} kind="Page" />
            </Item>
          ))}
        </Command.Group>
      )}
      {things.length > 0 && (
        <Command.Group heading="Things" className={groupClass}>
          {things.map((t) => (
            <Item
              key={`${t.kind}:${t.id}`}
              value={`thing:${t.kind}:${t.id}`}
              href={t.href}
              onSelect={() => go(t.href, { title: t.title, kind: t.kind, context: t.context })}
            >
              {t.status ? <StatusDot status={t.status} /> : <span className="size-2.5 shrink-0" />}
              <Line
                title={t.title}
                context={[t.status, t.context].filter(Boolean).join(' · ')}
                kind={t.kind}
              />
            </Item>
          ))}
        </Command.Group>
      )}
      {typed && failed && (
        <p role="status" className="px-2 py-1 text-xs text-destructive">
          Part of the search failed; the results may be incomplete.
        </p>
      )}
      {shownViews.length > 0 && (
        <Command.Group heading="Saved views" className={groupClass}>
          {shownViews.map((v) => (
            <Item key={v.id} value={`view:${v.id}`} href={v.href} onSelect={() => void openView(v)}>
              <Line title={v.name} context={v.href} kind="Saved view" />
            </Item>
          ))}
        </Command.Group>
      )}
      {(shownActions.length > 0 || !typed) && (
        <Command.Group heading="Actions" className={groupClass}>
          {shownActions.map((a) => (
            <Item key={a.id} value={`action:${a.id}`} onSelect={() => runAction(a)}>
              <Line title={a.title} kind="Action" />
            </Item>
          ))}
          {(!typed || rankEntries(query, [help]).length > 0) && (
            <Item value="action:help" onSelect={onShowHelp}>
              <Line title={help.title} kind="Help" />
            </Item>
          )}
        </Command.Group>
      )}
    </>
  );
}

function PlaybookPicker({ query, onPick }: { query: string; onPick: (playbookId: string) => void }) {
  const { choices, loading } = usePlaybookChoices(query);
  return (
    <Command.Group heading="Playbooks" className={groupClass}>
      <Command.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">
        {loading ? 'Loading playbooks…' : 'No playbook found'}
      </Command.Empty>
      {choices.map((p) => (
        <Item key={p.id} value={`playbook:${p.id}`} onSelect={() => onPick(p.id)}>
          <Line title={p.title} context={p.context} kind="Playbook" />
        </Item>
      ))}
    </Command.Group>
  );
}
