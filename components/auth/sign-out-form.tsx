'use client';

import * as React from 'react';
import { useClerk } from '@clerk/nextjs';
import { signOutAction } from '@/app/(auth)/logout/actions';
import { Button } from '@/components/ui/button';

/** Submits itself once on arrival; the button stays for browsers that block it. */
export function SignOutForm({ returnTo }: { returnTo: string }) {
  const ref = React.useRef<HTMLFormElement>(null);
  React.useEffect(() => {
    ref.current?.requestSubmit();
  }, []);
  return (
    <form ref={ref} action={signOutAction} className="space-y-3">
      <input type="hidden" name="return_to" value={returnTo} />
      <p className="text-sm text-muted-foreground">Signing you out…</p>
      <Button type="submit" variant="outline">
        Sign out
      </Button>
    </form>
  );
}

/** Clerk mode: Clerk's session ends in the browser first, then the server action drops the console's cache. */
export function ClerkSignOutForm({ returnTo }: { returnTo: string }) {
  const clerk = useClerk();
  const ref = React.useRef<HTMLFormElement>(null);
  const started = React.useRef(false);
  const run = React.useCallback(() => {
    if (started.current) return;
    started.current = true;
    void clerk.signOut().finally(() => ref.current?.requestSubmit());
  }, [clerk]);
  React.useEffect(() => {
    if (clerk.loaded) run();
  }, [clerk.loaded, run]);
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
