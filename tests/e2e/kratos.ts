import type { Page } from '@playwright/test';
import { KRATOS_E2E } from '../kratos-server/e2e-env';
import { expect } from './fixtures';

/** What the Kratos-mode specs share: the stand-in's control API, the demo admin, and the sign-in form. */
export const KRATOS_CONTROL = `http://127.0.0.1:${KRATOS_E2E.backendPort}/__test`;
export const KRATOS_ADMIN = 'admin@demo.local';

export async function fillKratosLogin(page: Page, email: string, password: string) {
  await page.getByLabel('ID').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function kratosSignIn(page: Page, returnTo = '/health', email = KRATOS_ADMIN) {
  await page.goto(`/login?return_to=${encodeURIComponent(returnTo)}`);
  await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
  await fillKratosLogin(page, email, KRATOS_E2E.password);
}
