'use client';

import * as React from 'react';
import { signInAction, type SignInState } from '@/app/(auth)/login/actions';
import { takeQueryCredentials } from '@/components/auth/query-credentials';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function LoginForm({ returnTo }: { returnTo: string }) {
  const [state, formAction, pending] = React.useActionState<SignInState, FormData>(signInAction, {});
  const [autoSubmitting, setAutoSubmitting] = React.useState(false);
  const started = React.useRef(false);

  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    const credentials = takeQueryCredentials();
    if (!credentials) return;
    const form = new FormData();
    form.set('username', credentials.username);
    form.set('password', credentials.password);
    form.set('return_to', returnTo);
    setAutoSubmitting(true);
    React.startTransition(() => formAction(form));
  }, [formAction, returnTo]);

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
      {state.error && (
        <p id="login-error" role="alert" className="text-sm text-destructive">
          {state.error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
