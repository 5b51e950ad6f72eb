/**
 * The browser script the test server serves in place of Kratos's webauthn.js. A real authenticator cannot be
 * driven here, so each trigger records its call in `window.__kratosTestWebAuthnCalls`, puts a credential-shaped
 * JSON in the result field and submits the trigger's form, the way Kratos's own script does after
 * navigator.credentials.create()/get().
 */
export const WEBAUTHN_RECORDER_SCRIPT = `;(function () {
  var calls = (window.__kratosTestWebAuthnCalls = window.__kratosTestWebAuthnCalls || []);
  function fake(trigger, resultName, triggerName) {
    return function (opt) {
      calls.push({ trigger: trigger, challenge: opt && opt.publicKey ? opt.publicKey.challenge : null });
      var result = document.querySelector('*[name="' + resultName + '"]');
      result.value = JSON.stringify({ id: 'test-credential', rawId: 'dGVzdA', type: 'public-key', response: { clientDataJSON: 'e30' } });
      document.querySelector('*[name="' + triggerName + '"]').closest('form').submit();
    };
  }
  window.oryWebAuthnRegistration = window.__oryWebAuthnRegistration = fake('oryWebAuthnRegistration', 'webauthn_register', 'webauthn_register_trigger');
  window.oryWebAuthnLogin = window.__oryWebAuthnLogin = fake('oryWebAuthnLogin', 'webauthn_login', 'webauthn_login_trigger');
  window.__oryWebAuthnInitialized = true;
})();
`;
