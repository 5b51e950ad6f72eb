'use client';

import * as React from 'react';
import {
  ClerkProvider,
  OrganizationList,
  OrganizationSwitcher,
  SignIn,
  SignUp,
  UserProfile,
  useClerk,
} from '@clerk/nextjs';
import { signOutAction } from '@/lib/auth/actions/sign-out';
import { Button } from '@/components/ui/button';
import { ORGS_SWITCHED_URL } from '@/lib/auth/clerk/constants';

/**
 * Every Clerk client component the console renders, in one module that only `clerk-lazy.tsx` imports, so that
 * Clerk's client code is a separate chunk fetched only in Clerk mode.
 */

export interface ClerkProviderProps {
  publishableKey: string;
  nonce?: string;
  children: React.ReactNode;
}

/** Clerk's client provider with the publishable key read on the server at run time (one build serves every mode). */
export function ConsoleClerkProvider({ publishableKey, nonce, children }: ClerkProviderProps) {
  return (
    <ClerkProvider publishableKey={publishableKey} nonce={nonce} signInUrl="/login" afterSignOutUrl="/login">
      {children}
    </ClerkProvider>
  );
}

function ClerkSignIn({ returnTo }: { returnTo: string }) {
  return <SignIn routing="hash" forceRedirectUrl={returnTo} signUpForceRedirectUrl={returnTo} />;
}

/** Clerk's hosted sign-up (spec 000 §1); a new person then picks or creates an organization at /organizations. */
function ClerkSignUp({ returnTo }: { returnTo: string }) {
  return (
    <SignUp routing="hash" signInUrl="/login" forceRedirectUrl={returnTo} signInForceRedirectUrl={returnTo} />
  );
}

function ClerkUserProfile() {
  return <UserProfile routing="hash" />;
}

function ClerkOrganizationList() {
  return (
    <OrganizationList
      hidePersonal
      afterSelectOrganizationUrl={ORGS_SWITCHED_URL}
      afterCreateOrganizationUrl={ORGS_SWITCHED_URL}
    />
  );
}

/** Switching or creating an organization lands on /organizations/orgs-switched, which drops the previous organization's data. */
function ClerkOrganizationSwitcher() {
  return (
    <OrganizationSwitcher
      hidePersonal
      afterSelectOrganizationUrl={ORGS_SWITCHED_URL}
      afterCreateOrganizationUrl={ORGS_SWITCHED_URL}
    />
  );
}

/** Clerk mode: Clerk's session ends in the browser first, then the server action drops the console's cache. */
function ClerkSignOutForm({ returnTo, autoSubmit }: { returnTo: string; autoSubmit: boolean }) {
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

/** The widgets by name, for the one lazily loaded entry point (clerk-lazy.tsx). */
export type ClerkWidgetProps =
  | { widget: 'sign-in'; returnTo: string }
  | { widget: 'sign-up'; returnTo: string }
  | { widget: 'user-profile' }
  | { widget: 'organization-list' }
  | { widget: 'organization-switcher' }
  | { widget: 'sign-out'; returnTo: string; autoSubmit: boolean };

export function ClerkWidget(props: ClerkWidgetProps) {
  switch (props.widget) {
    case 'sign-in':
      return <ClerkSignIn returnTo={props.returnTo} />;
    case 'sign-up':
      return <ClerkSignUp returnTo={props.returnTo} />;
    case 'user-profile':
      return <ClerkUserProfile />;
    case 'organization-list':
      return <ClerkOrganizationList />;
    case 'organization-switcher':
      return <ClerkOrganizationSwitcher />;
    case 'sign-out':
      return <ClerkSignOutForm returnTo={props.returnTo} autoSubmit={props.autoSubmit} />;
  }
}
