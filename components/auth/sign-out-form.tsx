'use client';

import * as React from 'react';
import { signOutAction } from '@/lib/auth/actions/sign-out';
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
      <p className="text-sm text-muted-foreground">
        {autoSubmit ? 'Signing you out…' : 'Do you want to sign out?'}
      </p>
      <Button type="submit" variant="outline">
        Sign out
      </Button>
    </form>
  );
}
