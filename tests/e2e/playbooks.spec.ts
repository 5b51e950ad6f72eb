import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { startRun } from './helpers';

/** Issue 18: /playbooks, /playbooks/runs, the run page and the run dialog, per role. */

type Row = Record<string, unknown>;

async function db<T = Row>(request: APIRequestContext, path: string): Promise<T[]> {
  const response = await request.get(`/api/db/${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T[];
}

async function playbookId(request: APIRequestContext, name: string): Promise<string> {
  const [row] = await db<{ id: string }>(request, `playbooks?name=eq.${name}&select=id`);
  return row!.id;
}

/** A run of 'Roll back a release' on a deployment: it waits for approval until someone approves or cancels it. */
async function runNeedingApproval(request: APIRequestContext): Promise<string> {
  const [deployment] = await db<{ id: string }>(
    request,
    `config_items?type=eq.Kubernetes::Deployment&deleted_at=is.null&select=id&order=name.asc&limit=1`,
  );
  return startRun(request, {
    id: await playbookId(request, 'rollback-release'),
    config_id: deployment!.id,
    params: { reason: 'e2e approval', revision: '3' },
  });
}

const status = (page: Page) => page.getByTestId('run-status');

test.describe('playbooks as admin', () => {
  test.use({ role: 'admin' });

  test('lists playbooks by category with their action kinds and recent runs, in the server HTML', async ({
    page,
  }) => {
    // The server sends its loading state when its prefetch is held up (the other worker's slow statement on PGlite's
    // one connection, by design): the rows are in the HTML of a render that got its data.
    await expect(async () => {
      const html = await (await page.request.get('/playbooks')).text();
      expect(html).toContain('Restart deployment');
    }).toPass({ intervals: [1_000, 2_000], timeout: 15_000 });
    await page.goto('/playbooks');
    await expect(page.getByRole('heading', { name: 'Kubernetes', level: 2 })).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Find slow transactions' }) });
    await expect(card.getByRole('list', { name: 'Action types' })).toHaveText('SQL');
    await expect(card.getByRole('link', { name: 'Runs of Find slow transactions' })).toHaveAttribute(
      'href',
      /\/playbooks\/runs\?playbook=/,
    );
    await expect(page.getByRole('button', { name: 'New playbook' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('creates a playbook with the spec editor, edits it and deletes it after a confirm', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const title = `E2E playbook ${suffix}`;
    await page.goto('/playbooks');
    await page.getByRole('button', { name: 'New playbook' }).click();
    const create = page.getByRole('dialog', { name: 'New playbook' });
    await create.getByLabel('Name').fill(`e2e-playbook-${suffix}`);
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Category').fill('E2E');
    // The spec editor starts with a runnable example (one exec action), which is saved as it is.
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${title} created successfully`)).toBeVisible();
    await expect(create).toBeHidden();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByRole('list', { name: 'Action types' })).toHaveText('Exec');
    await expect(page.getByRole('heading', { name: 'E2E', level: 2 })).toBeVisible();

    // 001 §3.6 (issue 37): code parameters honour jsonSchemaUrl: a schema the backend serves checks the value (the
    // default here does not match), one on another host is not fetched and says so.
    const [created] = await db<{ id: string; spec: Row }>(
      page.request,
      `playbooks?name=eq.e2e-playbook-${suffix}&select=id,spec`,
    );
    const parameters = [
      {
        name: 'layout',
        label: 'Layout',
        type: 'code',
        default: 'components: 3',
        properties: { language: 'yaml', jsonSchemaUrl: '/api/schemas/topology.spec.schema.json' },
      },
      {
        name: 'chart',
        label: 'Chart values',
        type: 'code',
        default: 'a: 1',
        properties: { language: 'yaml', jsonSchemaUrl: 'https://charts.example.invalid/values.schema.json' },
      },
    ];
    const patched = await page.request.patch(`/api/db/playbooks?id=eq.${created!.id}`, {
      data: { spec: { ...created!.spec, parameters } },
    });
    expect(patched.status(), await patched.text()).toBeLessThan(300);
    await page.reload();
    await page.getByRole('button', { name: `Run ${title}` }).click();
    const runDialog = page.getByRole('dialog', { name: `Run ${title}` });
    await expect(
      runDialog.getByText(/Does not match its JSON schema: components: Value type "number" is invalid/),
    ).toBeVisible();
    await expect(
      runDialog.getByText(/charts\.example\.invalid\/values\.schema\.json could not be fetched/),
    ).toBeVisible();
    await expect(runDialog.getByRole('button', { name: 'Run' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(runDialog).toBeHidden();

    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${title}` });
    await edit.getByLabel('Title').fill(`${title} v2`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${title} v2 updated successfully`)).toBeVisible();
    const renamed = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `${title} v2` }) });
    await expect(renamed).toBeVisible();

    await renamed.getByRole('button', { name: `Edit ${title} v2` }).click();
    await page
      .getByRole('dialog', { name: `Edit ${title} v2` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${title} v2 deleted successfully`)).toBeVisible();
    await expect(page.getByRole('heading', { name: `${title} v2` })).toHaveCount(0);
    // A soft delete: the row stays with deleted_at set.
    const [row] = await db<{ deleted_at: string | null }>(
      page.request,
      `playbooks?name=eq.e2e-playbook-${suffix}&select=deleted_at`,
    );
    expect(row?.deleted_at).toBeTruthy();
  });

  test('runs a playbook from /playbooks: resource first, typed parameters, then the run page until it finishes', async ({
    page,
  }) => {
    const [pod] = await db<{ name: string }>(
      page.request,
      `config_items?type=eq.Kubernetes::Pod&deleted_at=is.null&select=name&order=name.asc&limit=1`,
    );
    await page.goto('/playbooks');
    await page.getByRole('button', { name: 'Run Diagnose pod networking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Diagnose pod networking' });
    await expect(dialog.getByText('Please select a resource to see the parameters.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Run' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Resource' }).fill(pod!.name);
    await dialog
      .getByRole('option', { name: new RegExp(pod!.name) })
      .first()
      .click();
    // Defaults from /playbook/{id}/params, by type: bytes (number + unit), millicores, code (YAML).
    await expect(dialog.getByLabel('Memory limit', { exact: true })).toHaveValue('256');
    await expect(dialog.getByLabel('Memory limit unit')).toHaveValue('Mi');
    await expect(dialog.getByLabel('CPU limit')).toHaveValue('250');
    await dialog.getByLabel('CPU limit').fill('0.5');
    await dialog.getByLabel('CPU limit').blur();
    await expect(dialog.getByText('Must be a whole number of millicores, like 250m')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Run' })).toBeDisabled();
    await dialog.getByLabel('CPU limit').fill('500');
    await dialog.getByLabel('Memory limit unit').selectOption('Gi');
    await dialog.getByLabel('Memory limit', { exact: true }).fill('1');
    await dialog.getByLabel('Debug image').fill('');
    await dialog.getByLabel('Debug image').blur();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await dialog.getByLabel('Debug image').fill('busybox:1.36');
    await dialog.getByRole('button', { name: 'Run' }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: /Diagnose pod networking/ })).toBeVisible();
    await expect(page.getByText('1Gi', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('500m', { exact: true }).first()).toBeVisible();
    // Live: the page refreshes every 2 s until the run is final. The e2e server runs without the demo ticker
    // (DEMO_TICKER=false keeps other specs' data still), and runs are read-only through /db (issue 31 item 2), so the
    // test ends the run through its native endpoint (cancel); the open page shows it without a reload and stops
    // refreshing. Action logs on a live page are covered by the ticker's backend tests and the artifact test below.
    await expect(status(page)).toHaveText('scheduled');
    await expect(page.getByText('Live: refreshing every 2 seconds until the run finishes.')).toBeVisible();
    const runId = page.url().split('/').pop()!;
    const forged = await page.request.patch(`/api/db/playbook_runs?id=eq.${runId}`, {
      data: { status: 'completed' },
    });
    expect(forged.status()).toBe(405);
    const cancelled = await page.request.post(`/api/playbook/run/cancel/${runId}`, { data: {} });
    expect(cancelled.status(), await cancelled.text()).toBeLessThan(300);
    await expect(status(page)).toHaveText('cancelled');
    await expect(page.getByText('Live: refreshing every 2 seconds until the run finishes.')).toHaveCount(0);
  });

  test('runs a playbook from the check panel with team, people, list and multiline text parameters', async ({
    page,
  }) => {
    const [check] = await db<{ id: string; name: string }>(
      page.request,
      `checks?type=eq.http&deleted_at=is.null&select=id,name&order=name.asc&limit=1`,
    );
    await page.goto(`/health?checkId=${check!.id}&timeRange=1h`);
    const panel = page.getByRole('dialog').first();
    await panel.getByRole('button', { name: 'Run Playbook' }).click();
    const dialog = page.getByRole('dialog', { name: /^Run / }).last();
    await dialog.getByLabel('Playbook').selectOption({ label: 'Notify the owners' });
    await expect(dialog.getByLabel('Message')).toHaveValue(new RegExp(check!.name));
    await expect(dialog.getByRole('button', { name: 'Run' })).toBeDisabled();
    await dialog.getByLabel('Team').selectOption({ index: 1 });
    await dialog.getByLabel('Also notify').selectOption({ index: 1 });
    await dialog.getByLabel('Channel').selectOption('email');
    await dialog.getByRole('button', { name: 'Run' }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: /Notify the owners/ })).toBeVisible();
    await expect(page.getByRole('link', { name: check!.name })).toBeVisible();
    await expect(status(page)).toHaveText('scheduled');
  });

  test('runs with the config, component and check pickers, a checkbox, and the password and email formats', async ({
    page,
  }) => {
    /** Searches a resource selector for a name the parameter's filter admits and picks it. */
    const pick = async (
      dialog: ReturnType<Page['getByRole']>,
      label: string,
      name: string,
    ): Promise<string> => {
      const box = dialog.getByRole('combobox', { name: label });
      await box.click();
      await box.pressSequentially(name);
      await expect(box).toHaveValue(name);
      await page
        .getByRole('option', { name: new RegExp(name) })
        .first()
        .click();
      return name;
    };
    const first = async (path: string) =>
      (await db<{ name: string }>(page.request, `${path}&select=name&order=name.asc&limit=1`))[0]!.name;

    // Config, component and check parameters (resource selectors with the parameter's filter), from the check panel.
    const [check] = await db<{ id: string }>(
      page.request,
      `checks?type=eq.http&deleted_at=is.null&select=id&order=name.asc&limit=1`,
    );
    await page.goto(`/health?checkId=${check!.id}&timeRange=1h`);
    await page.getByRole('dialog').first().getByRole('button', { name: 'Run Playbook' }).click();
    const triage = page.getByRole('dialog', { name: /^Run / }).last();
    await triage.getByLabel('Playbook').selectOption({ label: 'Triage with AI' });
    await triage.getByRole('textbox', { name: 'Question' }).click();
    await triage.getByRole('textbox', { name: 'Question' }).pressSequentially(' Now.');
    await expect(triage.getByRole('textbox', { name: 'Question' })).toHaveValue(/failing\? Now\.$/);
    const config = await pick(
      triage,
      'Related config',
      await first('config_items?type=eq.Kubernetes::Deployment&deleted_at=is.null'),
    );
    const component = await pick(
      triage,
      'Related component',
      await first('components?type=eq.Service&deleted_at=is.null'),
    );
    const compared = await pick(
      triage,
      'Compare with check',
      await first('checks?type=eq.http&status=eq.healthy&deleted_at=is.null'),
    );
    await triage.getByRole('button', { name: 'Run' }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: /Triage with AI/ })).toBeVisible();
    const parameters = page.getByRole('region', { name: 'Parameters' });
    await expect(parameters.getByText('Why is')).toHaveText(/failing\? Now\.$/);
    // Each picked resource is passed by id and shown by name, linked to its page, its id on hover.
    for (const [label, name, href] of [
      ['Related config', config, /^\/catalog\/[0-9a-f-]{36}$/],
      ['Related component', component, /^\/topology\/[0-9a-f-]{36}$/],
      ['Compare with check', compared, /^\/health\?checkId=[0-9a-f-]{36}&timeRange=1h$/],
    ] as const) {
      await expect(parameters.getByRole('term').filter({ hasText: label })).toBeVisible();
      const link = parameters.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('title', /^ID: [0-9a-f-]{36}$/);
    }
    await expect(parameters.getByText(/^[0-9a-f-]{36}$/)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // A checkbox, on a component.
    await page.goto('/playbooks');
    await page.getByRole('button', { name: 'Run Clean up failed pods' }).click();
    const cleanup = page.getByRole('dialog', { name: 'Run Clean up failed pods' });
    await pick(cleanup, 'Resource', await first('components?type=in.(Deployment,Worker)&deleted_at=is.null'));
    const dryRun = cleanup.getByRole('checkbox', { name: 'Dry run' });
    await expect(dryRun).toBeChecked();
    await dryRun.uncheck();
    await cleanup.getByRole('button', { name: 'Run' }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    const cleanupRun = page.url().split('/').pop()!;
    const [run] = await db<{ parameters: Record<string, unknown> }>(
      page.request,
      `playbook_runs?id=eq.${cleanupRun}&select=parameters`,
    );
    expect(String(run!.parameters.dry_run)).toBe('false');

    // Password and email formats, on a config: each invalid value is named and keeps the Run button disabled.
    await page.goto('/playbooks');
    await page.getByRole('button', { name: 'Run Rotate a database password' }).click();
    const rotate = page.getByRole('dialog', { name: 'Run Rotate a database password' });
    await pick(
      rotate,
      'Resource',
      await first('config_items?type=eq.AWS::RDS::DBInstance&deleted_at=is.null'),
    );
    const password = rotate.getByLabel('New password');
    await expect(password).toHaveAttribute('type', 'password');
    await password.fill('short');
    await password.blur();
    await expect(rotate.getByText('Must be at least 16 characters')).toBeVisible();
    await expect(rotate.getByRole('button', { name: 'Run' })).toBeDisabled();
    await password.fill('a-long-enough-password-1');
    await rotate.getByLabel('Notify').fill('not an address');
    await rotate.getByLabel('Notify').blur();
    await expect(rotate.getByText('Must be a valid email address')).toBeVisible();
    await rotate.getByLabel('Notify').fill('dba@acme.example.com');
    await rotate.getByRole('button', { name: 'Run' }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: /Rotate a database password/ })).toBeVisible();
    // The password is stored write-only (issue 31 item 3): masked on the page, absent from its server HTML (the
    // prefetched run) and from the API.
    await expect(page.getByRole('region', { name: 'Parameters' }).getByText('••••••••')).toBeVisible();
    const html = await (await page.request.get(page.url())).text();
    expect(html).not.toContain('a-long-enough-password-1');
    const rotateRun = page.url().split('/').pop()!;
    const api = await page.request.get(`/api/db/playbook_runs?id=eq.${rotateRun}`);
    expect(await api.text()).not.toContain('a-long-enough-password-1');
  });

  test('approves a run that waits for approval, and cancels another', async ({ page }) => {
    const approveId = await runNeedingApproval(page.request);
    await page.goto(`/playbooks/runs/${approveId}`);
    await expect(status(page)).toHaveText('pending approval');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Playbook run approved')).toBeVisible();
    await expect(page.getByText(/Admin.*\(person\)|\(person\)/).first()).toBeVisible();
    await expect(status(page)).not.toHaveText('pending approval');

    const cancelId = await runNeedingApproval(page.request);
    await page.goto(`/playbooks/runs/${cancelId}`);
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel run' }).click();
    await expect(page.getByText('Playbook run cancelled')).toBeVisible();
    await expect(status(page)).toHaveText('cancelled');
    await expect(page.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
  });

  test('downloads an artifact from the run page', async ({ page }) => {
    const [artifact] = await db<{ filename: string; playbook_run_action_id: string }>(
      page.request,
      `artifacts?deleted_at=is.null&expires_at=is.null&content_type=eq.text/plain&select=filename,playbook_run_action_id&limit=1`,
    );
    const [action] = await db<{ playbook_run_id: string }>(
      page.request,
      `playbook_run_actions?id=eq.${artifact!.playbook_run_action_id}&select=playbook_run_id`,
    );
    const [run] = await db<{ id: string; parent_id: string | null }>(
      page.request,
      `playbook_runs?id=eq.${action!.playbook_run_id}&select=id,parent_id`,
    );
    await page.goto(`/playbooks/runs/${run!.parent_id ?? run!.id}`);
    await expect(page.getByRole('heading', { name: 'Actions' })).toBeVisible();
    await expect(page.locator('details').first()).toBeAttached();
    // Only the last (or a failed) action starts open: open the artifact's action as a person would.
    const actionDetails = page
      .locator('details', { has: page.locator(`a[download="${artifact!.filename}"]`) })
      .first();
    if ((await actionDetails.getAttribute('open')) === null)
      await actionDetails.locator('summary').first().click();
    const link = page.getByRole('link', { name: artifact!.filename }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(artifact!.filename);
    expect((await download.failure()) ?? null).toBeNull();
  });

  test('the runs table pages, filters and sorts on the server, with its state in the URL', async ({
    page,
  }) => {
    await page.goto('/playbooks/runs');
    const table = page.getByRole('table', { name: 'Playbook runs' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // The picker renders only in the browser: once it is there, the page is hydrated and a change reaches React.
    await expect(page.getByRole('button', { name: /^Time range: 7 days/ })).toBeVisible();
    await page.getByRole('toolbar', { name: 'Playbook runs' }).getByLabel('Status').selectOption('failed');
    await expect(page).toHaveURL(/status=failed/);
    await expect(table.getByRole('row').nth(1)).toContainText('failed');
    await table.getByRole('columnheader', { name: /Start/ }).getByRole('button').click();
    await expect(page).toHaveURL(/sortBy=start_time/);
    const request = page.waitForRequest(
      (r) => r.url().includes('/api/db/playbook_runs') && r.url().includes('order=start_time'),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await request;
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('playbooks as viewer', () => {
  test.use({ role: 'viewer' });

  test('sees playbooks and runs without Run, New, Approve, Cancel or Re-run, and no artifacts', async ({
    page,
  }) => {
    await page.goto('/playbooks');
    await expect(page.getByRole('heading', { name: 'Restart deployment' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Run / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New playbook' })).toHaveCount(0);

    const [pending] = await db<{ id: string }>(
      page.request,
      `playbook_runs?status=eq.pending_approval&parent_id=is.null&select=id&limit=1`,
    );
    await page.goto(`/playbooks/runs/${pending!.id}`);
    await expect(status(page)).toHaveText('pending approval');
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Re-run' })).toHaveCount(0);

    // Artifacts are admin-only (lib/playbooks/README.md): the rpc masks them, the page says so.
    const completed = await db<{ id: string }>(
      page.request,
      `playbook_runs?status=eq.completed&parent_id=is.null&select=id&order=created_at.desc&limit=40`,
    );
    let runWithArtifacts: string | undefined;
    for (const run of completed) {
      const actions = await db<{ artifacts: unknown }>(
        page.request,
        `rpc/get_playbook_run_actions?run_id=${run.id}`,
      );
      if (actions.some((a) => a.artifacts === '********')) {
        runWithArtifacts = run.id;
        break;
      }
    }
    expect(runWithArtifacts).toBeTruthy();
    await page.goto(`/playbooks/runs/${runWithArtifacts}`);
    await expect(page.getByRole('heading', { name: 'Actions' })).toBeVisible();
    await expect(page.getByText('Artifacts are only visible to administrators.').first()).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);

    const [check] = await db<{ id: string }>(
      page.request,
      `checks?type=eq.http&deleted_at=is.null&select=id&limit=1`,
    );
    await page.goto(`/health?checkId=${check!.id}&timeRange=1h`);
    await expect(page.getByRole('dialog').first().getByText('Uptime', { exact: true }).first()).toBeVisible();
    await expect(
      page
        .getByRole('dialog')
        .first()
        .getByRole('link', { name: 'Edit' })
        .or(page.getByText(/^Defined by /))
        .or(page.getByRole('link', { name: 'View source component' })),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run Playbook' })).toHaveCount(0);
  });
});

/** Approvers of the seeded playbooks, listed by address (issue 31 item 15: only who may change playbooks sees them). */
const APPROVER_ADDRESSES = ['admin@demo.local', 'commander@demo.local'];

test.describe('playbooks as guest', () => {
  test.use({ role: 'guest' });

  test('reads no approver address in the server HTML of /playbooks, a run page or the API', async ({
    page,
  }) => {
    const html = await (await page.request.get('/playbooks')).text();
    expect(html).toContain('Roll back a release');
    expect(APPROVER_ADDRESSES.filter((a) => html.includes(a))).toEqual([]);
    const api = await (await page.request.get('/api/db/playbooks?select=name,spec')).text();
    expect(api).toContain('********');
    expect(APPROVER_ADDRESSES.filter((a) => api.includes(a))).toEqual([]);
    const [pending] = await db<{ id: string }>(
      page.request,
      `playbook_runs?status=eq.pending_approval&parent_id=is.null&select=id&limit=1`,
    );
    const runHtml = await (await page.request.get(`/playbooks/runs/${pending!.id}`)).text();
    expect(APPROVER_ADDRESSES.filter((a) => runHtml.includes(a))).toEqual([]);
  });
});

test.describe('playbooks as editor', () => {
  test.use({ role: 'editor' });

  test('reads the approvers’ addresses it may change, in the HTML the spec editor starts from', async ({
    page,
  }) => {
    const html = await (await page.request.get('/playbooks')).text();
    expect(APPROVER_ADDRESSES.filter((a) => html.includes(a))).toEqual(APPROVER_ADDRESSES);
    const [row] = await db<{ spec: { approval: { approvers: { people: string[] } } } }>(
      page.request,
      'playbooks?name=eq.rollback-release&select=spec',
    );
    expect(row?.spec.approval.approvers.people).toEqual(APPROVER_ADDRESSES);
  });
});
