'use client';

import * as React from 'react';
import { Button } from '@/components/ui/button';
import { usePreferences } from '@/components/providers/preferences-provider';
import { checkDisplayName } from '@/lib/health/check-name';
import { groupUptimeLabel, type HealthGroup } from '@/lib/health/grouping';
import type { HealthCheck } from '@/lib/health/types';
import { cn } from '@/lib/utils';
import { CheckLatency, CheckUptime, checkState, HealthDot, preloadDateFormat, Transition } from '@/components/health/health-cells';

/** Cards are heavier than rows, so a long list is shown in slices rather than all at once. */
const CARD_SLICE = 240;

export interface HealthCardsProps {
  groups: readonly HealthGroup[];
  grouped: boolean;
  checkHref: (check: HealthCheck) => string;
  onOpenCheck: (check: HealthCheck) => void;
  large?: boolean;
}

/** The health list in card layout, one section per group. */
export function HealthCards({ groups, grouped, checkHref, onOpenCheck, large }: HealthCardsProps) {
  const { preferences } = usePreferences();
  const [now] = React.useState(() => Date.now());
  const [limit, setLimit] = React.useState(CARD_SLICE);
  const total = groups.reduce((n, g) => n + g.checks.length, 0);
  let budget = limit;

  const card = (check: HealthCheck) => (
    <li key={check.id} className="rounded-lg border border-border bg-card p-3 shadow-xs">
      <a
        href={checkHref(check)}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onOpenCheck(check);
        }}
        className="block truncate font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {checkDisplayName(check)}
      </a>
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
          <Transition at={check.last_transition_time} now={now} format={preferences.datetimeFormat} timezone={preferences.timezone} />
        </dd>
      </dl>
    </li>
  );

  const gridClass = cn('grid gap-3', large ? 'grid-cols-[repeat(auto-fill,minmax(20rem,1fr))]' : 'grid-cols-[repeat(auto-fill,minmax(15rem,1fr))]');

  return (
    <div className="space-y-4" data-testid="health-cards" onPointerEnter={preloadDateFormat}>
      {grouped ? (
        groups.map((group) => {
          if (budget <= 0) return null;
          const shown = group.checks.slice(0, budget);
          budget -= shown.length;
          return (
            <section key={group.key} aria-label={group.key}>
              <h2 className={cn('mb-2 flex items-center gap-2 font-semibold', large && 'text-xl')}>
                <HealthDot state={group.state} className="font-normal" />
                <span>{group.key}</span>
                <span className="text-sm font-normal text-muted-foreground">{groupUptimeLabel(group)} fully up</span>
              </h2>
              <ul className={gridClass}>{shown.map(card)}</ul>
            </section>
          );
        })
      ) : (
        <ul className={gridClass}>{groups.flatMap((g) => g.checks).slice(0, limit).map(card)}</ul>
      )}
      {total > limit && (
        <Button variant="outline" onClick={() => setLimit((n) => n + CARD_SLICE)}>
          Show more ({total - limit} more)
        </Button>
      )}
    </div>
  );
}
