'use client';

import * as React from 'react';
import { useClerk } from '@clerk/nextjs';
import { signOutAction } from '@/app/(auth)/logout/actions';
import { Button } from '@/components/ui/button';

/**
 * Submits itself once on arrival when the user came from one of our pages (the user menu); from anywhere else
 * it waits for the button, so a link on another site cannot sign anyone out.
 */
export function SignOutForm({ returnTo, autoSubmit }: { returnTo: string; autoSubmit: boolean }) {
  const ref = React.useRef<HTMLFormElement>(null);
  React.useEffect(() => {
    if (autoSubmit) ref.current?.requestSubmit();
  }, [autoSubmit]);
  return (
    <form ref={ref} action={signOutAction} className="space-y-3">
      <input type="hidden" name="return_to" value={returnTo} />
      <p className="text-sm text-muted-foreground">{autoSubmit ? 'Signing you out…' : 'Do you want to sign out?'}</p>
      <Button type="submit" variant="outline">
        Sign out
      </Button>
    </form>
  );
}

/** Clerk mode: Clerk's session ends in the browser first, then the server action drops the console's cache. */
export function ClerkSignOutForm({ returnTo, autoSubmit }: { returnTo: string; autoSubmit: boolean }) {
  const clerk = useClerk();
  const ref = React.useRef<HTMLFormElement>(null);
  const started = React.useRef(false);
  const run = React.useCallback(() => {
    if (started.current) return;
    started.current = true;
    void clerk.signOut().finally(() => ref.current?.requestSubmit());
  }, [clerk]);
  React.useEffect(() => {
    if (clerk.loaded && autoSubmit) run();
  }, [clerk.loaded, autoSubmit, run]);
  return (
    <form ref={ref} action={signOutAction} className="space-y-3">
      <input type="hidden" name="return_to" value={returnTo} />
      <p className="text-sm text-muted-foreground">Signing you out…</p>
      <Button type="button" variant="outline" onClick={run}>
        Sign out
      </Button>
    </form>
  );
}
