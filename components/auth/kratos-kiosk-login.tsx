'use client';

import * as React from 'react';
import { kioskSignInAction } from '@/lib/auth/actions/sign-in';
import { KratosFlowForm } from '@/components/auth/kratos-flow-form';
import type { KratosFormState } from '@/lib/auth/kratos/flow-errors';
import { AuthError } from '@/components/auth/auth-error';

/** Kiosk sign-in in Kratos mode: the server signs in with the sealed credentials; a 400 shows the flow. */
export function KratosKioskLogin({ returnTo }: { returnTo: string }) {
  const [state, setState] = React.useState<KratosFormState | null>(null);
  const started = React.useRef(false);
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    void kioskSignInAction(returnTo).then(setState);
  }, [returnTo]);
  if (state?.flow) return <KratosFlowForm kind="login" flow={state.flow} returnTo={returnTo} />;
  if (state?.error) return <AuthError error={state.error} />;
  return <p className="text-sm text-muted-foreground">Signing in…</p>;
}
