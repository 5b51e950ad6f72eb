'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { QueryProvider } from '@/components/shell/query-provider';
import { useSession } from '@/components/shell/session-provider';
import { toastError } from '@/components/widgets/toast';
import { pinnedViews, type SavedView } from '@/lib/palette/saved-views';
import { checkViewHref } from '@/lib/palette/view-url';
import { useSavedViews } from './use-saved-views';

/**
 * The sidebar's "Saved" group: the person's pinned views (at most 10), from the backend or this browser's storage
 * (use-saved-views.ts). A click opens
 * the view with the parts of its address the screen still reads and says what was dropped; a modified click (new
 * tab) opens the address as saved. Hidden on the collapsed rail, where there is no room for names.
 */
export function SavedViewsNav() {
  const userId = useSession()?.user.id;
  if (!userId) return null;
  return (
    <QueryProvider>
      <PinnedViews userId={userId} />
    </QueryProvider>
  );
}

function PinnedViews({ userId }: { userId: string }) {
  const router = useRouter();
  const { views } = useSavedViews(userId);
  const pinned = pinnedViews(views);
  if (pinned.length === 0) return null;

  const open = async (event: React.MouseEvent, view: SavedView) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const checked = await checkViewHref(view.href);
    router.push(checked.href);
    if (checked.dropped.length > 0)
      void toastError(
        `“${view.name}” opened without ${checked.dropped.join(', ')}: this page no longer reads them.`,
      );
  };

  return (
    <div role="group" aria-labelledby="sidebar-saved" className="pt-2 [nav[data-collapsed=true]_&]:hidden">
      <p id="sidebar-saved" className="px-2.5 pb-1 text-xs font-medium text-muted-foreground">
        Saved
      </p>
      {pinned.map((view) => (
        <a
          key={view.id}
          href={view.href}
          onClick={(event) => void open(event, view)}
          className="flex h-8 items-center rounded-md px-2.5 text-sm text-sidebar-foreground/80 hover:bg-accent hover:text-accent-foreground"
        >
          <span className="truncate">{view.name}</span>
        </a>
      ))}
    </div>
  );
}
