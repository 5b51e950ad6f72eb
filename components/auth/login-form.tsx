'use client';

import * as React from 'react';
import { kioskSignInAction, signInAction, type SignInState } from '@/lib/auth/actions/sign-in';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AuthError } from '@/components/auth/auth-error';

/** The basic sign-in form; with `kiosk` it first signs in with the credentials middleware sealed away. */
export function LoginForm({ returnTo, kiosk = false }: { returnTo: string; kiosk?: boolean }) {
  const [formState, formAction, pending] = React.useActionState<SignInState, FormData>(signInAction, {});
  const [kioskState, setKioskState] = React.useState<SignInState | null>(kiosk ? null : {});
  const started = React.useRef(false);

  React.useEffect(() => {
    if (!kiosk || started.current) return;
    started.current = true;
    void kioskSignInAction(returnTo).then((result) => setKioskState(result));
  }, [kiosk, returnTo]);

  const state = formState.error || formState.username ? formState : (kioskState ?? {});
  const autoSubmitting = kioskState === null;
  const busy = pending || (autoSubmitting && !state.error);
  return (
    <form action={formAction} className="space-y-4" noValidate aria-busy={busy}>
      <input type="hidden" name="return_to" value={returnTo} />
      <div className="space-y-1.5">
        <Label htmlFor="username">Username or email</Label>
        <Input
          id="username"
          name="username"
          autoComplete="username"
          required
          defaultValue={state.username}
          key={state.username ?? 'empty'}
          aria-invalid={Boolean(state.error)}
          aria-describedby={state.error ? 'login-error' : undefined}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={Boolean(state.error)}
          aria-describedby={state.error ? 'login-error' : undefined}
        />
      </div>
      <AuthError id="login-error" error={state.error} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
