'use client';

import * as React from 'react';
import { CardGrid } from '@/components/list/card-grid';
import { Button } from '@/components/ui/button';
import { usePreferences } from '@/components/shell/preferences-provider';
import { CheckIcon } from '@/components/health/check-icon';
import { checkDisplayName } from '@/lib/health/check-name';
import { groupUptimeLabel, type HealthGroup } from '@/lib/health/grouping';
import type { HealthCheck } from '@/lib/health/types';
import { cn } from '@/lib/utils';
import {
  CheckLatency,
  CheckUptime,
  checkState,
  HealthDot,
  Transition,
} from '@/components/health/health-cells';
import { preloadDateFormat } from '@/components/widgets/use-date-format';
import { NativeSelect } from '@/components/ui/native-select';
import {
  GRID_PAGE_SIZE_OPTIONS,
  persistPageSize,
  readPersistedPageSize,
} from '@/components/data-table/page-size';
import { gridPageSize, nextVirtualLimit } from '@/lib/preferences/page-size';

/**
 * Cards are heavier than rows: a grid shows a page of the grid sizes (spec 001 §9: 50, 100, 200; the shared table
 * page size when it is one), and doubles what it shows as the end comes near (virtual pagination).
 */
function useGridPage(total: number) {
  const [pageSize, setPageSize] = React.useState<number>(GRID_PAGE_SIZE_OPTIONS[0]);
  const [limit, setLimit] = React.useState<number>(GRID_PAGE_SIZE_OPTIONS[0]);
  // The persisted size is read after hydration: the server cannot know it, and a differing first render would not hydrate.
  React.useEffect(() => {
    const size = gridPageSize(readPersistedPageSize());
    setPageSize(size);
    setLimit(size);
  }, []);
  const choose = (size: number) => {
    setPageSize(size);
    setLimit(size);
    persistPageSize(size);
  };
  const more = React.useCallback(() => setLimit((n) => nextVirtualLimit(n, total)), [total]);
  return { pageSize, limit, choose, more };
}

/** Calls `onNear` when the end of the grid comes within a screen of the viewport. */
function NearEnd({ onNear }: { onNear: () => void }) {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && onNear(),
      {
        rootMargin: '0px 0px 100% 0px',
      },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [onNear]);
  return <div ref={ref} aria-hidden="true" />;
}

export interface HealthCardsProps {
  groups: readonly HealthGroup[];
  grouped: boolean;
  checkHref: (check: HealthCheck) => string;
  onOpenCheck: (check: HealthCheck) => void;
  large?: boolean;
}

/** A check's name as a link to its panel; a plain click opens the panel in place, a modified one a new tab. */
function CheckLink({
  check,
  href,
  onOpen,
  className,
}: {
  check: HealthCheck;
  href: string;
  onOpen: (check: HealthCheck) => void;
  className?: string;
}) {
  return (
    <a
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(check);
      }}
      className={cn(
        'block truncate rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <CheckIcon icon={check.icon} type={check.type} className="mr-2 inline align-[-3px]" />
      {checkDisplayName(check)}
    </a>
  );
}

/** The health list in card layout, one section per group, in grids that fill the width. */
export function HealthCards({ groups, grouped, checkHref, onOpenCheck, large }: HealthCardsProps) {
  const { preferences } = usePreferences();
  // "8s ago" moves on while the cards stay up (a wall display), with the page's clock from the cells themselves.
  const [now] = React.useState(() => Date.now());
  const total = groups.reduce((n, g) => n + g.checks.length, 0);
  const { pageSize, limit, choose, more } = useGridPage(total);
  let budget = limit;
  const minWidth = large ? 320 : 240;

  const card = (check: HealthCheck) => (
    <li
      key={check.id}
      data-row-id={check.id}
      className="min-w-0 rounded-lg border border-border bg-card p-3 shadow-xs"
    >
      <CheckLink
        check={check}
        href={checkHref(check)}
        onOpen={onOpenCheck}
        className="max-w-full font-medium"
      />
      <dl className={cn('mt-2 grid grid-cols-2 gap-x-3 gap-y-1', large ? 'text-base' : 'text-xs')}>
        <dt className="text-muted-foreground">Health</dt>
        <dd>
          <HealthDot state={checkState(check)} />
        </dd>
        <dt className="text-muted-foreground">Uptime</dt>
        <dd>
          <CheckUptime check={check} />
        </dd>
        <dt className="text-muted-foreground">Latency</dt>
        <dd>
          <CheckLatency check={check} />
        </dd>
        <dt className="text-muted-foreground">Transition</dt>
        <dd>
          <Transition
            at={check.last_transition_time}
            now={now}
            tick
            format={preferences.datetimeFormat}
            timezone={preferences.timezone}
          />
        </dd>
      </dl>
    </li>
  );

  return (
    <div className="space-y-4" data-testid="health-cards" onPointerEnter={preloadDateFormat}>
      {grouped ? (
        groups.map((group) => {
          if (budget <= 0) return null;
          const shown = group.checks.slice(0, budget);
          budget -= shown.length;
          return (
            <section key={group.key} aria-label={group.key}>
              <h2 className={cn('mb-2 flex flex-wrap items-center gap-2 font-semibold', large && 'text-xl')}>
                <HealthDot state={group.state} className="font-normal" />
                <span>{group.key}</span>
                <span className="text-sm font-normal text-muted-foreground">
                  {groupUptimeLabel(group)} fully up
                </span>
              </h2>
              <CardGrid minWidth={minWidth}>{shown.map(card)}</CardGrid>
            </section>
          );
        })
      ) : (
        <CardGrid minWidth={minWidth}>
          {groups
            .flatMap((g) => g.checks)
            .slice(0, limit)
            .map(card)}
        </CardGrid>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {total > limit && (
          <>
            <NearEnd onNear={more} />
            <Button variant="outline" onClick={more}>
              Show more ({total - limit} more)
            </Button>
          </>
        )}
        {total > GRID_PAGE_SIZE_OPTIONS[0] && (
          <label className="flex items-center gap-2 text-sm text-muted-foreground">
            Cards per page
            <NativeSelect className="h-8" value={pageSize} onChange={(e) => choose(Number(e.target.value))}>
              {GRID_PAGE_SIZE_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect>
          </label>
        )}
      </div>
    </div>
  );
}
