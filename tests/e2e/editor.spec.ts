/**
 * The content editor (docs/product.md#d38-content-editor) as staff use it. Publishing changes the
 * pages a server serves, so the editor's own test runs a second server of the product on a copy
 * of the content, with its own data and release folders (the shared e2e server's pages stay as
 * every other spec expects them); it serves the same build, under the same SITE_URL. Who may not
 * reach the editor is checked on the shared server, with the suite's customer.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { embeddedEnv, type RunningServer, run, startApiServer } from '../support/processes.ts';
import { E2E_ADMIN, signIn } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

const NEW_TITLE = 'Website für Ihr Hotel am Seeufer mit Direktbuchung';

/** Keystatic asks Google for its font; the editor's policy refuses that on purpose. */
test.use({ allowedConsoleErrors: /fonts\.googleapis\.com/ });

test('customers and visitors reach neither the editor nor its API', async ({ page, request, customer }) => {
  await signIn(page, customer.accessToken);
  await page.goto('/keystatic');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Finhalte$/);
  await page.goto('/admin/inhalte');
  await expect(page.getByText('Dafür fehlt Ihnen die Berechtigung.')).toBeVisible();

  const asCustomer = { Authorization: `Bearer ${customer.accessToken}` };
  expect((await request.post('/api/editor/session', { headers: asCustomer })).status()).toBe(403);
  expect((await request.post('/api/editor/publish', { headers: asCustomer })).status()).toBe(403);
  expect((await request.post('/api/editor/session')).status()).toBe(401);
  for (const cookie of [undefined, 'hwds_staff=1.forged.1795675640.c2lnbmF0dXJl']) {
    const headers = { 'no-cors': '1', ...(cookie ? { Cookie: cookie } : {}) };
    expect((await request.get('/api/keystatic/tree', { headers })).status()).toBe(401);
    const save = await request.post('/api/keystatic/update', { headers, data: { additions: [], deletions: [] } });
    expect(save.status()).toBe(401);
  }
  const anonymous = await request.get('/keystatic/collection/landing', { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe('/login?next=%2Fadmin%2Finhalte');
});

test.describe('an editor on a server of its own', () => {
  let root: string;
  let contentDir: string;
  let server: RunningServer;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(180_000);
    root = mkdtempSync(path.join(tmpdir(), 'hwds-editor-'));
    contentDir = path.join(root, 'content');
    cpSync('content', contentDir, { recursive: true });
    // As old as the build: the server must serve the build, not rebuild it for a "newer" copy.
    const old = new Date('2020-01-01');
    for (const entry of readdirSync(contentDir, { recursive: true }))
      utimesSync(path.join(contentDir, String(entry)), old, old);
    utimesSync(contentDir, old, old);
    const env = embeddedEnv(path.join(root, 'data'), {
      SITE_URL: baseURL as string,
      CONTENT_DIR: contentDir,
      ASTRO_TELEMETRY_DISABLED: '1',
    });
    const admin = await run(
      'src/cli/create-admin.ts',
      ['--email', E2E_ADMIN.email, '--password', E2E_ADMIN.password],
      env,
    );
    expect(admin.code, admin.output).toBe(0);
    server = await startApiServer(env, 'src/cli/start.ts');
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const contentFile = (file: string) => path.join(contentDir, file);
  const at = (pathname: string) => `${server.baseUrl}${pathname}`;

  async function openEditor(page: Page, request: APIRequestContext) {
    const login = await request.post(at('/api/auth/login'), {
      data: { userEmail: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(login.status()).toBe(200);
    await signIn(page, ((await login.json()) as { accessToken: string }).accessToken);
    await page.goto(at('/admin/inhalte'));
    await page.getByRole('link', { name: 'Inhalte bearbeiten' }).click();
    await expect(page).toHaveURL(/\/keystatic/);
  }

  async function publish(page: Page) {
    await page.goto(at('/admin/inhalte'));
    await page.getByRole('button', { name: 'Veröffentlichen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Wird veröffentlicht' })).toBeVisible();
  }

  test('edits a page and a price, publishes without an error answer, and a build error keeps the site', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await openEditor(page, request);
    const hotel = at('/keystatic/collection/landing/item/hotel');
    const original = readFileSync(contentFile('landing/hotel.md'), 'utf8');

    // An empty title is refused in the form; the file stays as it was.
    await page.goto(hotel);
    const title = page.getByLabel('Titel', { exact: false }).first();
    await title.fill('');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(readFileSync(contentFile('landing/hotel.md'), 'utf8')).toBe(original);

    // Another editor saved the page meanwhile: this save is refused, naming the file.
    await page.reload();
    await expect(title).toHaveValue('Website für Ihr Hotel');
    writeFileSync(
      contentFile('landing/hotel.md'),
      original.replace('Wer ein Zimmer sucht', 'Wer ein Hotelzimmer sucht'),
    );
    await title.fill(NEW_TITLE);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(/landing\/hotel\.md wurde inzwischen von jemand anderem gespeichert/)).toBeVisible();
    expect(readFileSync(contentFile('landing/hotel.md'), 'utf8')).not.toContain(NEW_TITLE);

    // Read again, the same change is saved.
    await page.reload();
    await expect(title).toHaveValue('Website für Ihr Hotel');
    await title.fill(NEW_TITLE);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => readFileSync(contentFile('landing/hotel.md'), 'utf8')).toContain(`title: ${NEW_TITLE}`);
    expect(readFileSync(contentFile('landing/hotel.md'), 'utf8')).toContain('Wer ein Hotelzimmer sucht');

    // A model's price, as its form saves it.
    const models = readFileSync(contentFile('models.yaml'), 'utf8');
    writeFileSync(contentFile('models.yaml'), models.replace('price: 1200', 'price: 1350'));

    // Publishing: a second client asking for the home page meanwhile gets nothing but 200s.
    const statuses: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) statuses.push((await request.get(at('/'))).status());
    })();
    await publish(page);
    await expect(page.getByText('Veröffentlicht: 2 geänderte Dateien sind jetzt auf der Website.')).toBeVisible({
      timeout: 180_000,
    });
    polling = false;
    await poller;
    expect(statuses.length).toBeGreaterThan(5);
    expect(new Set(statuses)).toEqual(new Set([200]));
    await expect(page.getByRole('cell', { name: 'landing/hotel.md, models.yaml' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    const hotelPage = await request.get(at('/hotel'));
    expect(await hotelPage.text()).toContain(NEW_TITLE);
    // The price the category page shows is the article's, which the cart charges.
    expect(await (await request.get(at('/departaments/12'))).text()).toMatch(/1\.350,00\s€/);
    const articles = (await (await request.get(at('/api/articles?departamentId=12'))).json()) as { price: number }[];
    expect(articles[0]?.price).toBe(1350);

    // Content the build refuses: not published, the editor is told where, the site stays.
    writeFileSync(contentFile('models.yaml'), models.replace('price: 1200', 'price: teuer'));
    await publish(page);
    await expect(page.locator('.admin-messages [role="alert"]')).toContainText(
      'Nicht veröffentlicht: Datei models.yaml, Eintrag „cms-informationsseite“: Feld „price“: Preis als Zahl angeben',
      { timeout: 120_000 },
    );
    expect(await (await request.get(at('/hotel'))).text()).toContain(NEW_TITLE);
    expect(await (await request.get(at('/departaments/12'))).text()).toMatch(/1\.350,00\s€/);
  });
});
