/**
 * WebAuthn and passkey buttons of Kratos flows without inline script: Kratos names the browser function to call
 * in `onclickTrigger` (its options JSON in the node's value); older servers only send the deprecated inline
 * `onclick` call, which is parsed here instead of evaluated, so the Content-Security-Policy never needs
 * 'unsafe-inline' or 'unsafe-eval'.
 */

/** The functions Kratos's webauthn.js defines (UiNodeInputAttributesOnclickTriggerEnum). */
export const WEBAUTHN_TRIGGERS = [
  'oryWebAuthnRegistration',
  'oryWebAuthnLogin',
  'oryPasskeyLogin',
  'oryPasskeyLoginAutocompleteInit',
  'oryPasskeyRegistration',
  'oryPasskeySettingsRegistration',
] as const;
export type WebAuthnTrigger = (typeof WEBAUTHN_TRIGGERS)[number];

export interface WebAuthnCall {
  trigger: WebAuthnTrigger;
  args: unknown[];
}

const isTrigger = (v: unknown): v is WebAuthnTrigger =>
  typeof v === 'string' && (WEBAUTHN_TRIGGERS as readonly string[]).includes(v);

function parseOptions(raw: string): unknown[] | undefined {
  const text = raw.trim();
  if (!text) return [];
  if (!text.startsWith('{')) return undefined;
  try {
    return [JSON.parse(text) as unknown];
  } catch {
    return undefined;
  }
}

/** `window.oryWebAuthnRegistration({...})` (or the older `window.__ory…` names) → the trigger and its JSON argument. */
const ONCLICK = /^\s*(?:window\.)?(?:__)?(ory[A-Za-z]+)\(([\s\S]*)\)\s*;?\s*$/;

/** What a button node asks the browser to run, or undefined when it is not a WebAuthn/passkey button we can run. */
export function webauthnCallOf(attributes: {
  onclickTrigger?: unknown;
  onclick?: unknown;
  value?: unknown;
}): WebAuthnCall | undefined {
  if (isTrigger(attributes.onclickTrigger)) {
    const args = typeof attributes.value === 'string' ? parseOptions(attributes.value) : [];
    return { trigger: attributes.onclickTrigger, args: args ?? [] };
  }
  if (typeof attributes.onclick !== 'string') return undefined;
  const match = ONCLICK.exec(attributes.onclick);
  if (!match || !isTrigger(match[1])) return undefined;
  const args = parseOptions(match[2] ?? '');
  return args ? { trigger: match[1], args } : undefined;
}

type TriggerWindow = Record<string, unknown>;

/** Runs the call with the function Kratos's script defined (current `ory…` or older `__ory…` name); false if none is loaded yet. */
export function runWebAuthnCall(
  call: WebAuthnCall,
  target: TriggerWindow = globalThis as unknown as TriggerWindow,
): boolean {
  const fn = target[call.trigger] ?? target[`__${call.trigger}`];
  if (typeof fn !== 'function') return false;
  (fn as (...args: unknown[]) => unknown)(...structuredClone(call.args));
  return true;
}
