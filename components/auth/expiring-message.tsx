'use client';

import * as React from 'react';
import { cn } from '@/lib/utils';

/** Spec 000 §4: profile (and auth error) messages clear after 10 seconds. */
export const MESSAGE_LIFETIME_MS = 10_000;

/** A message that disappears after a while; a new `messageKey` shows it again. */
export function ExpiringMessage({
  children,
  tone = 'info',
  messageKey,
  lifetimeMs = MESSAGE_LIFETIME_MS,
  className,
}: {
  children: React.ReactNode;
  tone?: 'info' | 'error' | 'success';
  messageKey?: unknown;
  lifetimeMs?: number;
  className?: string;
}) {
  const [expiredKey, setExpiredKey] = React.useState<unknown>(Symbol('none'));
  React.useEffect(() => {
    const timer = window.setTimeout(() => setExpiredKey(messageKey), lifetimeMs);
    return () => window.clearTimeout(timer);
  }, [messageKey, lifetimeMs]);
  if (Object.is(expiredKey, messageKey)) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'text-sm',
        tone === 'error'
          ? 'text-destructive'
          : tone === 'success'
            ? 'text-emerald-700 dark:text-emerald-400'
            : 'text-muted-foreground',
        className,
      )}
    >
      {children}
    </p>
  );
}
