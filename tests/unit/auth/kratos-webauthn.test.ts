/**
 * @jest-environment node
 */
import { runWebAuthnCall, webauthnCallOf } from '@/lib/auth/kratos/webauthn';

const OPTIONS = { publicKey: { challenge: 'Y2hhbGxlbmdl', user: { id: 'dXNlcg', name: 'ada' } } };

describe('webauthnCallOf', () => {
  it('uses onclickTrigger with the options from the value', () => {
    expect(
      webauthnCallOf({
        onclickTrigger: 'oryWebAuthnRegistration',
        value: JSON.stringify(OPTIONS),
        onclick: 'ignored()',
      }),
    ).toEqual({
      trigger: 'oryWebAuthnRegistration',
      args: [OPTIONS],
    });
  });

  it('calls a trigger without options when the value is empty (passkey login reads its own field)', () => {
    expect(webauthnCallOf({ onclickTrigger: 'oryPasskeyLogin', value: '' })).toEqual({
      trigger: 'oryPasskeyLogin',
      args: [],
    });
  });

  it('parses the deprecated onclick call (current and __ names) instead of evaluating it', () => {
    expect(webauthnCallOf({ onclick: `window.oryWebAuthnLogin(${JSON.stringify(OPTIONS)})` })).toEqual({
      trigger: 'oryWebAuthnLogin',
      args: [OPTIONS],
    });
    expect(
      webauthnCallOf({ onclick: `window.__oryWebAuthnRegistration(${JSON.stringify(OPTIONS)})` }),
    ).toEqual({ trigger: 'oryWebAuthnRegistration', args: [OPTIONS] });
  });

  it('refuses anything that is not one of the known triggers with a JSON argument', () => {
    expect(webauthnCallOf({ onclickTrigger: 'alert', value: '{}' })).toBeUndefined();
    expect(webauthnCallOf({ onclick: 'window.alert(1)' })).toBeUndefined();
    expect(webauthnCallOf({ onclick: 'window.oryWebAuthnLogin(fetch("/steal"))' })).toBeUndefined();
    expect(webauthnCallOf({ onclick: 'window.oryWebAuthnLogin({"a":1}); alert(1)' })).toBeUndefined();
    expect(webauthnCallOf({})).toBeUndefined();
  });
});

describe('runWebAuthnCall', () => {
  it('calls the function the script defined, falling back to the older __ name, with a copy of the options', () => {
    const seen: unknown[] = [];
    const target = {
      __oryWebAuthnLogin: (opt: typeof OPTIONS) => {
        seen.push(opt);
        opt.publicKey.challenge = 'decoded';
      },
    };
    const call = webauthnCallOf({ onclickTrigger: 'oryWebAuthnLogin', value: JSON.stringify(OPTIONS) })!;
    expect(runWebAuthnCall(call, target)).toBe(true);
    expect(runWebAuthnCall(call, target)).toBe(true);
    expect(seen).toEqual([
      { ...OPTIONS, publicKey: { ...OPTIONS.publicKey, challenge: 'decoded' } },
      { ...OPTIONS, publicKey: { ...OPTIONS.publicKey, challenge: 'decoded' } },
    ]);
    expect(call.args[0]).toEqual(OPTIONS);
  });

  it('does nothing before the script has loaded', () => {
    expect(runWebAuthnCall({ trigger: 'oryWebAuthnRegistration', args: [] }, {})).toBe(false);
  });
});
