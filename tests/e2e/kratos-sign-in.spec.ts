import type { APIRequestContext, Page } from '@playwright/test';
import { KRATOS_E2E } from '../kratos-server/e2e-env';
import { axeViolations, expect, test } from './fixtures';
import { fillKratosLogin, KRATOS_ADMIN, KRATOS_CONTROL, kratosSignIn } from './kratos';

/**
 * Kratos mode (issue 5) in Chromium: the real pages of a `next start` with AUTH_PROVIDER=kratos against the
 * Kratos test server (tests/kratos-server), whose sessions a backend in front of the embedded demo database checks.
 */
const CONTROL = KRATOS_CONTROL;
const ADMIN = KRATOS_ADMIN;
const INVALID_CREDENTIALS =
  'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.';
const SAVED = 'Your changes have been saved!';

async function setState(request: APIRequestContext, state: Record<string, unknown>) {
  const response = await request.post(`${CONTROL}/state`, { data: state });
  expect(response.ok()).toBe(true);
}

const flowIdOf = (page: Page) => new URL(page.url()).searchParams.get('flow');

const fillLogin = fillKratosLogin;
const signIn = kratosSignIn;

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${CONTROL}/reset`)).ok()).toBe(true);
});

test.describe('Kratos sign-in', () => {
  test('an anonymous console route goes to sign-in with return_to', async ({ page }) => {
    await page.goto('/topology');
    await expect(page).toHaveURL(/\/login\?.*return_to=%2Ftopology/);
    await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
    expect(flowIdOf(page)).toBeTruthy();
  });

  test('password sign-in: a wrong password shows the server message (400 replaces the flow), the right one lands on return_to', async ({
    page,
  }) => {
    await page.goto('/login?return_to=%2Fhealth');
    await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/registration?return_to=%2Fhealth',
    );
    await expectNoAxeViolations(page);
    await fillLogin(page, ADMIN, 'wrong password');
    await expect(page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS })).toBeVisible();
    await expect(page.getByLabel('ID')).toHaveValue(ADMIN);
    await page.getByLabel('Password').fill(KRATOS_E2E.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/health$/, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'User menu for Admin' })).toBeVisible();
  });

  test("refresh shows 'Confirm Action' with the identifier filled in and returns to return_to", async ({
    page,
  }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/health$/, { timeout: 30_000 });
    await page.goto('/login?refresh=true&return_to=%2Ftopology');
    await expect(page.getByRole('heading', { name: 'Confirm Action' })).toBeVisible();
    await expect(page.getByLabel('ID')).toHaveValue(ADMIN);
    await expect(page.getByRole('link', { name: 'Create account' })).toHaveCount(0);
    await page.getByLabel('Password').fill(KRATOS_E2E.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/topology$/, { timeout: 30_000 });
  });

  test("second factor: the session check sends to 'Two-Factor Authentication', a TOTP code completes it", async ({
    page,
    request,
  }) => {
    await setState(request, { identity: { email: ADMIN, totp: true } });
    await signIn(page);
    await expect(page).toHaveURL(/\/login\?.*aal=aal2/);
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Use Authenticator' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'The provided authentication code is invalid, please try again.' }),
    ).toBeVisible();
    await page.getByLabel('Authentication code').fill('123456');
    await page.getByRole('button', { name: 'Use Authenticator' }).click();
    await expect(page).toHaveURL(/\/health$/, { timeout: 30_000 });
  });

  test('sign-out ends the console and the identity server session and lands on sign-in', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/health$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'User menu for Admin' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
    // A fresh login flow is offered (no session_already_available), so the identity server's session is gone too.
    expect(flowIdOf(page)).toBeTruthy();
    await page.goto('/health');
    await expect(page).toHaveURL(/\/login\?.*return_to=%2Fhealth/);
  });
});

test.describe('Kratos self-service pages', () => {
  test("registration: 'Create account' with a 'Sign in' link, server messages, then verification", async ({
    page,
  }) => {
    await page.goto('/registration');
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations(page);
    await page.getByLabel('E-Mail').fill('new.person@example.com');
    await page.getByLabel('Name').fill('New Person');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'The password must be at least 8 characters long, but got 5.' }),
    ).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toHaveValue('new.person@example.com');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/verification\?flow=/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Verify your account' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill('new.person@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(/An email containing a verification code has been sent/)).toBeVisible();
    await page.getByLabel('Verification code').fill('111111');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('You successfully verified your email address.')).toBeVisible();
  });

  test("recovery: 'Recover account' with 'Go back'; the code leads to the settings flow", async ({
    page,
  }) => {
    await page.goto('/recovery');
    await expect(page.getByRole('heading', { name: 'Recover account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: '"not-an-address" is not valid "email"' }),
    ).toBeVisible();
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(/An email containing a recovery code has been sent/)).toBeVisible();
    await page.getByLabel('Recovery code').fill('000000');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'The recovery code is invalid or has already been used. Please try again.' }),
    ).toBeVisible();
    await page.getByLabel('Recovery code').fill('654321');
    await page.getByRole('button', { name: 'Submit' }).click();
    // browser_location_change_required → our settings page (the console session is set up on the way).
    await expect(page).toHaveURL(/\/profile-settings\?/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  });

  test("verification: 'Verify your account'; a 400 on create goes to /", async ({ page }) => {
    await page.goto('/verification');
    await expect(page.getByRole('heading', { name: 'Verify your account' })).toBeVisible();
    await page.goto('/verification?return_to=%2Fbad');
    await expect(page).not.toHaveURL(/\/verification/);
  });

  test("settings: six sections, a profile change is saved, 'Go back' returns to return_to", async ({
    page,
  }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/health$/, { timeout: 30_000 });
    await page.goto('/profile-settings?return_to=%2Fhealth');
    await expect(page).toHaveURL(/\/profile-settings\?flow=/);
    for (const title of [
      'Profile Settings',
      'Change Password',
      'Manage Social Sign In',
      'Manage 2FA Backup Recovery Codes',
      'Manage 2FA TOTP Authenticator App',
      'Manage Hardware Tokens and Biometrics',
    ]) {
      await expect(page.getByRole('heading', { name: title, exact: true, level: 2 })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    const profile = page.locator('section[aria-labelledby="section-profile"]');
    await profile.getByLabel('Name').fill('Ada Admin');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByText(SAVED)).toBeVisible();
    await expect(profile.getByLabel('Name')).toHaveValue('Ada Admin');
    const password = page.locator('section[aria-labelledby="section-password"]');
    await password.getByLabel('Password').fill('short');
    await password.getByRole('button', { name: 'Save' }).click();
    await expect(
      password
        .getByRole('alert')
        .filter({ hasText: 'The password must be at least 8 characters long, but got 5.' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go back' }).first().click();
    await expect(page).toHaveURL(/\/health$/);
  });

  test("settings: a privileged change on an old session asks to re-authenticate ('Confirm Action')", async ({
    page,
    request,
  }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/health$/, { timeout: 30_000 });
    await page.goto('/profile-settings?return_to=%2Fhealth');
    await setState(request, { privilegedMaxAgeMs: 0 });
    const password = page.locator('section[aria-labelledby="section-password"]');
    await password.getByLabel('Password').fill('a brand new password');
    await password.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/login\?.*refresh=true/);
    await expect(page.getByRole('heading', { name: 'Confirm Action' })).toBeVisible();
  });
});

test.describe('Kratos WebAuthn under the nonce CSP', () => {
  const calls = (page: Page) =>
    page.evaluate(
      () =>
        (window as unknown as { __kratosTestWebAuthnCalls?: { trigger: string; challenge: string }[] })
          .__kratosTestWebAuthnCalls ?? [],
    );

  test("settings 'Add security key' runs Kratos's script through onclickTrigger; the second factor then uses it", async ({
    page,
  }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/health$/, { timeout: 30_000 });
    await page.goto('/profile-settings?return_to=%2Fhealth');
    const webauthn = page.locator('section[aria-labelledby="section-webauthn"]');
    const trigger = webauthn.getByRole('button', { name: 'Add security key' });
    await expect(trigger).toBeEnabled();
    // The script node is rendered once, with its integrity, and has run.
    await expect(page.locator('script[src$="/.well-known/ory/webauthn.js"]')).toHaveCount(1);
    await expect(page.locator('script[src$="/.well-known/ory/webauthn.js"]')).toHaveAttribute(
      'integrity',
      /^sha512-/,
    );
    await page.waitForFunction(
      () =>
        typeof (window as unknown as { oryWebAuthnRegistration?: unknown }).oryWebAuthnRegistration ===
        'function',
    );
    await trigger.click();
    await expect(webauthn.getByText(SAVED)).toBeVisible();
    const registration = await calls(page);
    expect(registration).toHaveLength(1);
    expect(registration[0]?.trigger).toBe('oryWebAuthnRegistration');
    expect(registration[0]?.challenge).toBeTruthy();

    // Signed out and in again: the key is now a second factor, offered on the aal2 page.
    await page.context().clearCookies();
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await page.waitForFunction(
      () => typeof (window as unknown as { oryWebAuthnLogin?: unknown }).oryWebAuthnLogin === 'function',
    );
    await page.getByRole('button', { name: 'Use security key' }).click();
    await expect(page).toHaveURL(/\/health$/, { timeout: 30_000 });
  });
});

test.describe('Kratos flow errors (spec 000 §4, §8)', () => {
  test('an expired flow (410) on submit and on load starts a new flow with the expiry notice', async ({
    page,
    request,
  }) => {
    await page.goto('/login?return_to=%2Fhealth');
    const first = flowIdOf(page);
    expect(first).toBeTruthy();
    await setState(request, { expireFlow: first });
    await fillLogin(page, ADMIN, KRATOS_E2E.password);
    await expect(page.getByText('Your interaction expired, please fill out the form again.')).toBeVisible();
    const second = flowIdOf(page);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(page.url()).toContain('return_to=%2Fhealth');

    await setState(request, { expireFlow: second });
    await page.reload();
    await expect(page.getByText('Your interaction expired, please fill out the form again.')).toBeVisible();
    expect(flowIdOf(page)).not.toBe(second);
  });

  test('a CSRF violation resets the flow with the security notice', async ({ page, context }) => {
    await page.goto('/login');
    const first = flowIdOf(page);
    await context.clearCookies({ name: /^csrf_token/ });
    await fillLogin(page, ADMIN, KRATOS_E2E.password);
    await expect(
      page.getByText('A security violation was detected, please fill out the form again.'),
    ).toBeVisible();
    expect(flowIdOf(page)).not.toBe(first);
  });

  test('an unknown flow id starts over', async ({ page }) => {
    await page.goto('/login?flow=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
    expect(flowIdOf(page)).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  test('session_inactive: a refresh without a session goes to a plain sign-in', async ({ page }) => {
    await page.goto('/login?refresh=true&return_to=%2Fhealth');
    await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
    expect(page.url()).not.toContain('refresh=true');
    expect(page.url()).toContain('return_to=%2Fhealth');
  });

  test('a return_to the identity server forbids resets the flow without it', async ({ page }) => {
    // Reached as localhost, the console asks for a return_to the test server only allows on 127.0.0.1.
    await page.goto(`http://localhost:${KRATOS_E2E.consolePort}/login?return_to=%2Fhealth`);
    await expect(page.getByText('The return_to address is not allowed.')).toBeVisible();
    expect(page.url()).not.toContain('return_to=');
    expect(flowIdOf(page)).toBeTruthy();
  });

  test('browser location change: a social sign-in sends the browser to the provider', async ({ page }) => {
    await page.route('https://github.example/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>provider</title><p>provider</p>',
      }),
    );
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with github' }).click();
    await expect(page).toHaveURL('https://github.example/login/oauth');
  });

  test('the flow-error page shows the raw error; 404, 403 and 410 go to /', async ({ page }) => {
    await page.goto('/error?id=shown');
    await expect(page.getByRole('heading', { name: 'An error occurred' })).toBeVisible();
    await expect(page.getByText('The flow failed in a test.')).toBeVisible();
    await expectNoAxeViolations(page);
    for (const id of ['missing', 'forbidden', 'gone']) {
      await page.goto(`/error?id=${id}`);
      await expect(page).not.toHaveURL(/\/error/);
    }
  });
});
