'use client';

import * as React from 'react';
import { KratosFlowForm } from '@/components/auth/kratos-flow-form';
import { takeQueryCredentials } from '@/components/auth/query-credentials';
import { kratosPasswordSignInAction, type KratosFormState } from '@/lib/auth/kratos/actions';

/**
 * Kiosk sign-in in Kratos mode: takes username and password from the address bar (removing them at once), creates
 * a login flow and submits it on the server. Without credentials it starts a normal flow.
 */
export function KratosKioskLogin({ returnTo, refresh, aal, startUrl }: { returnTo: string; refresh: boolean; aal?: string; startUrl: string }) {
  const [state, setState] = React.useState<KratosFormState | null>(null);
  const started = React.useRef(false);
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    const credentials = takeQueryCredentials();
    if (!credentials) {
      window.location.replace(startUrl);
      return;
    }
    void kratosPasswordSignInAction({ returnTo, refresh, aal }, credentials.username, credentials.password).then(setState);
  }, [returnTo, refresh, aal, startUrl]);
  if (state?.flow) return <KratosFlowForm kind="login" flow={state.flow} returnTo={returnTo} />;
  if (state?.error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {state.error}
      </p>
    );
  }
  return <p className="text-sm text-muted-foreground">Signing in…</p>;
}
