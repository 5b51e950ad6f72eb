'use client';

import * as React from 'react';
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
