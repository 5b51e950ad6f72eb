'use client';

import * as React from 'react';
import type { UiNode, UiText } from '@ory/client';
import { ExpiringMessage } from '@/components/auth/expiring-message';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { submitKratosFlowAction } from '@/lib/auth/kratos/actions';
import type { KratosFormState, FlowKind, KratosFlow } from '@/lib/auth/kratos/flow-errors';
import { runWebAuthnCall, webauthnCallOf } from '@/lib/auth/kratos/webauthn';
import { AuthError } from '@/components/auth/auth-error';

function Messages({
  messages,
  expire,
  flowKey,
}: {
  messages: readonly UiText[] | undefined;
  expire: boolean;
  flowKey: unknown;
}) {
  if (!messages?.length) return null;
  return (
    <div className="space-y-1">
      {messages.map((m) =>
        expire ? (
          <ExpiringMessage
            key={`${m.id}-${m.text}`}
            tone={m.type === 'error' ? 'error' : m.type === 'success' ? 'success' : 'info'}
            messageKey={flowKey}
          >
            {m.text}
          </ExpiringMessage>
        ) : (
          <p
            key={`${m.id}-${m.text}`}
            role={m.type === 'error' ? 'alert' : 'status'}
            className={m.type === 'error' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
          >
            {m.text}
          </p>
        ),
      )}
    </div>
  );
}

/** One UI node of a flow, with our components; the identity server decides fields, labels and messages. */
function FlowNode({
  node,
  expire,
  flowKey,
  index,
  nonce,
}: {
  node: UiNode;
  expire: boolean;
  flowKey: unknown;
  index: number;
  nonce?: string;
}) {
  const a = node.attributes;
  const label = node.meta.label?.text;
  if (a.node_type === 'text') {
    return (
      <div className="space-y-1">
        {label && <p className="text-sm font-medium">{label}</p>}
        <pre className="whitespace-pre-wrap rounded-md bg-muted p-2 font-mono text-xs">{a.text.text}</pre>
      </div>
    );
  }
  if (a.node_type === 'img') {
    return (
      <img
        src={a.src}
        width={a.width}
        height={a.height}
        alt={label ?? 'QR code'}
        className="rounded-md border bg-white p-1"
      />
    );
  }
  if (a.node_type === 'a') {
    return (
      <a href={a.href} className="text-sm text-primary underline underline-offset-2">
        {a.title.text}
      </a>
    );
  }
  if (a.node_type === 'script') {
    // Kratos's WebAuthn script, with its integrity; our page nonce lets it run under 'strict-dynamic' (React
    // hoists and dedupes async scripts, so the six settings forms load it once).
    return (
      <script
        async
        src={a.src}
        integrity={a.integrity}
        crossOrigin={a.crossorigin === 'use-credentials' ? 'use-credentials' : 'anonymous'}
        referrerPolicy={a.referrerpolicy === 'no-referrer' ? 'no-referrer' : undefined}
        nonce={nonce}
      />
    );
  }
  if (a.node_type !== 'input') return null;
  const value =
    typeof a.value === 'string' || typeof a.value === 'number'
      ? String(a.value)
      : a.value === true
        ? 'true'
        : '';
  if (a.type === 'hidden') return <input type="hidden" name={a.name} value={value} />;
  if (a.type === 'submit' || a.type === 'button') {
    // A button's script call (WebAuthn, passkeys) runs through the function Kratos's script defines, never as inline code.
    const call = a.type === 'button' ? webauthnCallOf(a) : undefined;
    return (
      <div className="space-y-1">
        <Button
          type={a.type === 'submit' ? 'submit' : 'button'}
          name={a.name}
          value={call ? undefined : value}
          disabled={a.disabled || (a.type === 'button' && !call)}
          onClick={call ? () => void runWebAuthnCall(call) : undefined}
          variant={
            node.group === 'password' || node.group === 'default' || node.group === 'code'
              ? 'default'
              : 'outline'
          }
          className="w-full"
        >
          {label ?? a.name}
        </Button>
        <Messages messages={node.messages} expire={expire} flowKey={flowKey} />
      </div>
    );
  }
  const id = `kratos-${a.name}-${index}`;
  const invalid = node.messages.some((m) => m.type === 'error');
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label ?? a.name}</Label>
      {a.type === 'checkbox' ? (
        <input
          id={id}
          type="checkbox"
          name={a.name}
          value="true"
          defaultChecked={a.value === true}
          disabled={a.disabled}
          className="size-4"
        />
      ) : (
        <Input
          id={id}
          name={a.name}
          type={a.type}
          defaultValue={a.type === 'password' ? undefined : value}
          required={a.required}
          disabled={a.disabled}
          autoComplete={
            a.autocomplete ??
            (a.name === 'identifier' ? 'username' : a.type === 'password' ? 'current-password' : undefined)
          }
          aria-invalid={invalid}
        />
      )}
      <Messages messages={node.messages} expire={expire} flowKey={flowKey} />
    </div>
  );
}

/**
 * A flow form rendered from the flow's UI nodes. `groups` limits it to some methods (settings shows one form per
 * section); the 'default' group (CSRF token, identifier) always comes along. A 400 answer replaces the flow.
 */
export function KratosFlowForm({
  kind,
  flow: initialFlow,
  returnTo,
  groups,
  expireMessages = false,
  showFlowMessages = true,
  nonce,
}: {
  kind: FlowKind;
  flow: KratosFlow;
  returnTo: string;
  groups?: readonly string[];
  expireMessages?: boolean;
  showFlowMessages?: boolean;
  /** The page's CSP nonce, for the identity server's script nodes (WebAuthn). */
  nonce?: string;
}) {
  const action = React.useMemo(() => submitKratosFlowAction.bind(null, kind, returnTo), [kind, returnTo]);
  const [state, formAction, pending] = React.useActionState<KratosFormState, FormData>(action, {
    flow: initialFlow,
  });
  const flow = state.flow ?? initialFlow;
  const nodes = flow.ui.nodes.filter((n) => !groups || n.group === 'default' || groups.includes(n.group));
  const method = groups?.[0];
  const formRef = React.useRef<HTMLFormElement>(null);
  React.useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // Kratos's WebAuthn script ends with form.submit(), which would skip the server action (and hit React's
    // CSP-blocked placeholder action); requestSubmit() goes through it.
    form.submit = () => form.requestSubmit();
  }, []);
  return (
    <form ref={formRef} action={formAction} className="space-y-4" aria-busy={pending} noValidate>
      <input type="hidden" name="__flow" value={flow.id} />
      {method && <input type="hidden" name="__method" value={method} />}
      {showFlowMessages && <Messages messages={flow.ui.messages} expire={expireMessages} flowKey={flow} />}
      <AuthError error={state.error} />
      {nodes.map((node, i) => (
        <FlowNode
          key={`${node.group}-${node.attributes.node_type === 'input' ? `${node.attributes.name}-${String(node.attributes.value ?? '')}` : i}`}
          node={node}
          expire={expireMessages}
          flowKey={flow}
          index={i}
          nonce={nonce}
        />
      ))}
    </form>
  );
}
