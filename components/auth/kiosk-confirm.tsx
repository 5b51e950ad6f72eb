'use client';

import * as React from 'react';
import { confirmKioskSignInAction } from '@/lib/auth/actions/sign-in';
import { KratosFlowForm } from '@/components/auth/kratos-flow-form';
import { Button } from '@/components/ui/button';
import { AuthError } from '@/components/auth/auth-error';

/**
 * A kiosk link opened from another site (issue 31 item 9): the sealed credentials are used only when the person
 * submits this form, so another site cannot sign someone in as an account of its choosing. It is a plain form on a
 * server action, so a click before hydration still posts. The account is not named: the page never shows kiosk
 * credentials.
 */
export function KioskConfirm({ returnTo }: { returnTo: string }) {
  const [state, action, pending] = React.useActionState(confirmKioskSignInAction, {});
  if (state.flow) return <KratosFlowForm kind="login" flow={state.flow} returnTo={returnTo} />;
  return (
    <form action={action} className="space-y-3 rounded-md border bg-muted/50 p-3 text-sm" aria-busy={pending}>
      <input type="hidden" name="return_to" value={returnTo} />
      <p>
        A link from another site asks to sign you in with the account it carries. Continue only if you trust
        it.
      </p>
      <AuthError id="kiosk-error" error={state.error} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in with the link'}
      </Button>
    </form>
  );
}
