/**
 * The content editor (docs/product.md#d38-content-editor) as staff use it. Publishing changes the
 * pages a server serves, so the editor's own test runs a second server of the product on a copy
 * of the content (the seed its database imports), with its own data and release folders (the shared e2e server's pages stay as
 * every other spec expects them); it serves the same build, under the same SITE_URL. Who may not
 * reach the editor is checked on the shared server, with the suite's customer.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { embeddedEnv, type RunningServer, run, startApiServer } from '../support/processes.ts';
import { E2E_ADMIN, signIn } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, shellReady, test } from './support/fixtures.ts';
import { HOSTILE_TEXT, writeHostileContent } from './support/hostile-content.ts';
import { sidewaysOverflow, textsOffScreen } from './support/layout.ts';

const NEW_TITLE = 'Website für Ihr Hotel am Seeufer mit Direktbuchung';

/** Keystatic asks Google for its font; the editor's policy refuses that on purpose. */
test.use({ allowedConsoleErrors: /fonts\.googleapis\.com/ });

test('customers and visitors reach neither the editor nor its API', async ({ page, request, customer }) => {
  await signIn(page, customer.token);
  await page.goto('/keystatic');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Finhalte$/);
  await page.goto('/admin/inhalte');
  await expect(page.getByText('Dafür fehlt Ihnen die Berechtigung.')).toBeVisible();

  const asCustomer = { Authorization: `Bearer ${customer.token}` };
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
  // One server, one content folder: each test goes on from what the one before published.
  test.describe.configure({ mode: 'serial' });
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

  const at = (pathname: string) => `${server.baseUrl}${pathname}`;
  const KEYSTATIC = { 'no-cors': '1' };

  /**
   * Another editor: the test's own client with a staff-tools cookie of a login of its own, which
   * reads and saves the content tree in the server's database as Keystatic's app does.
   */
  async function otherEditor(request: APIRequestContext) {
    const login = await request.post(at('/api/auth/login'), {
      data: { userEmail: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const session = await request.post(at('/api/editor/session'), {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(session.status()).toBe(204);
    const read = async (file: string): Promise<string> => {
      const tree = (await (await request.get(at('/api/keystatic/tree'), { headers: KEYSTATIC })).json()) as {
        path: string;
        sha: string;
      }[];
      const sha = tree.find((entry) => entry.path === file)?.sha;
      return (await request.get(at(`/api/keystatic/blob/${sha}/${file}`), { headers: KEYSTATIC })).text();
    };
    const save = async (files: Record<string, string>, removed: string[] = []) => {
      await read('site.yaml'); // the save is checked against what this editor read
      const additions = Object.entries(files).map(([file, text]) => ({
        path: file,
        contents: Buffer.from(text).toString('base64url'),
      }));
      const saved = await request.post(at('/api/keystatic/update'), {
        headers: { ...KEYSTATIC, Origin: server.baseUrl },
        data: { additions, deletions: removed.map((file) => ({ path: file })) },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    };
    return { read, save };
  }

  /** Logs the admin in and opens the editor; answers the admin's token. */
  async function openEditor(page: Page, request: APIRequestContext): Promise<string> {
    const login = await request.post(at('/api/auth/login'), {
      data: { userEmail: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(login.status()).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    await signIn(page, accessToken);
    await page.goto(at('/admin/inhalte'));
    await page.getByRole('link', { name: 'Inhalte bearbeiten' }).click();
    await expect(page).toHaveURL(/\/keystatic/);
    return accessToken;
  }

  /** 'Inhalte', from the editor as an editor goes there: by the link at the top of its sidebar. */
  async function publish(page: Page) {
    if (page.url().includes('/keystatic')) {
      await page.getByRole('link', { name: 'Veröffentlichen – zurück zu den Inhalten' }).click();
      await expect(page).toHaveURL(at('/admin/inhalte'));
    } else {
      await page.goto(at('/admin/inhalte'));
    }
    await page.getByRole('button', { name: 'Veröffentlichen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Wird veröffentlicht' })).toBeVisible();
  }

  /** What the admin's cart charges for the first website model, booked once. */
  async function cartCharges(request: APIRequestContext, token: string): Promise<number> {
    const auth = { Authorization: `Bearer ${token}` };
    const [model] = (await (await request.get(at('/api/articles?departamentId=12'))).json()) as { id: number }[];
    await request.delete(at('/api/cart/clear'), { headers: auth });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const added = await request.post(at(`/api/cart/article/${model?.id}`), {
      headers: auth,
      data: { entryDate: inDays(30), departureDate: inDays(31) },
    });
    expect(added.status(), await added.text()).toBe(201);
    return ((await (await request.get(at('/api/cart'), { headers: auth })).json()) as { totalPriceArticles: number })
      .totalPriceArticles;
  }

  test('edits a page and a price, publishes without an error answer, and a build error keeps the site', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const token = await openEditor(page, request);
    const other = await otherEditor(request);
    // Inline styles only for the editor's page (Keystatic sets them at run time), never Google's fonts;
    // a public page allows neither and loads nothing of the editor.
    const editorPolicy = (await page.request.get(at('/keystatic'))).headers()['content-security-policy'];
    expect(editorPolicy).toContain("style-src 'self' 'unsafe-inline'");
    expect(editorPolicy).toContain("font-src 'self';");
    const home = await request.get(at('/'));
    const homeHtml = await home.text(); // its policy is in a meta element, the header adds the rest
    expect(`${home.headers()['content-security-policy']} ${homeHtml}`).not.toContain('unsafe-inline');
    expect(homeHtml).toContain('http-equiv="content-security-policy"');
    expect(homeHtml).not.toContain('/keystatic');
    const hotel = at('/keystatic/collection/landing/item/hotel');
    const original = await other.read('landing/hotel.md');

    // An empty title is refused in the form; the file stays as it was.
    await page.goto(hotel);
    const title = page.getByLabel('Titel', { exact: false }).first();
    await title.fill('');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    // Keystatic's checks speak German here, naming the field and its limit.
    await expect(page.getByText('Titel: mindestens 10 Zeichen.')).toBeVisible();
    await title.fill('Hotel'.repeat(15));
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Titel: höchstens 70 Zeichen.')).toBeVisible();
    expect(await other.read('landing/hotel.md')).toBe(original);

    // Another editor saved the page meanwhile: this save is refused, naming the file.
    await page.reload();
    await expect(title).toHaveValue('Website für Ihr Hotel');
    await other.save({ 'landing/hotel.md': original.replace('Wer ein Zimmer sucht', 'Wer ein Hotelzimmer sucht') });
    await title.fill(NEW_TITLE);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(/landing\/hotel\.md wurde inzwischen von jemand anderem gespeichert/)).toBeVisible();
    expect(await other.read('landing/hotel.md')).not.toContain(NEW_TITLE);

    // Read again, the same change is saved.
    await page.reload();
    await expect(title).toHaveValue('Website für Ihr Hotel');
    await title.fill(NEW_TITLE);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => other.read('landing/hotel.md')).toContain(`title: ${NEW_TITLE}`);
    expect(await other.read('landing/hotel.md')).toContain('Wer ein Hotelzimmer sucht');

    // A model's price in its form (Keystatic's own words there are English: 'Done', 'Save').
    await page.goto(at('/keystatic/singleton/models'));
    await page.getByText('Informationsseite mit CMS').click();
    const model = page.getByRole('dialog');
    await model.getByRole('textbox', { name: /^Preis/ }).fill('1350');
    await model.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => other.read('models.yaml')).toContain('price: 1350');

    // The agency's opening days, which the pages rendered on request show in their footer too.
    await page.goto(at('/keystatic/singleton/site'));
    await page.getByRole('textbox', { name: /^Tage/ }).fill('werktags');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => other.read('site.yaml')).toContain('label: werktags');

    // Publishing: a second client asking for the home page meanwhile gets nothing but 200s.
    const statuses: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) statuses.push((await request.get(at('/'))).status());
    })();
    await publish(page);
    await expect(page.getByText('Veröffentlicht: 3 geänderte Dateien sind jetzt auf der Website.')).toBeVisible({
      timeout: 180_000,
    });
    polling = false;
    await poller;
    expect(statuses.length).toBeGreaterThan(5);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const published = page.getByRole('table', { name: 'Veröffentlichungen, die neueste zuerst' });
    await expect(published.getByRole('cell', { name: 'landing/hotel.md, models.yaml, site.yaml' })).toBeVisible();
    await expect(published.getByRole('cell', { name: E2E_ADMIN.email })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    const hotelPage = await request.get(at('/hotel'));
    expect(await hotelPage.text()).toContain(NEW_TITLE);
    // The price the category page shows is the article's, which the cart charges.
    expect(await (await request.get(at('/departaments/12'))).text()).toMatch(/1\.350,00\s€/);
    expect(await cartCharges(request, token)).toBe(1350);
    // Pre-rendered, rendered on request, and the 404 page: one footer.
    for (const pathname of ['/', '/checkout', '/gibt-es-nicht']) {
      expect(await (await request.get(at(pathname))).text()).toContain('Öffnungszeiten: werktags 08:00–18:00 Uhr');
    }

    // Content the build refuses: not published, the editor is told where, the site stays.
    const models = await other.read('models.yaml');
    await other.save({ 'models.yaml': models.replace('price: 1350', 'price: teuer') });
    await publish(page);
    // The publishing section's messages (the history below has its own).
    await expect(page.locator('.admin-messages [role="alert"]').first()).toContainText(
      'Nicht veröffentlicht: Datei models.yaml, Eintrag „cms-informationsseite“: Feld „price“: Preis als Zahl angeben',
      { timeout: 120_000 },
    );
    expect(await (await request.get(at('/hotel'))).text()).toContain(NEW_TITLE);
    expect(await (await request.get(at('/departaments/12'))).text()).toMatch(/1\.350,00\s€/);
  });

  test('serves the release before again with one action', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await openEditor(page, request);
    const other = await otherEditor(request);
    const models = await other.read('models.yaml');
    await other.save({ 'models.yaml': models.replace('price: teuer', 'price: 1200') });
    await publish(page);
    await expect(page.getByText('Veröffentlicht: Eine geänderte Datei ist jetzt auf der Website.')).toBeVisible({
      timeout: 180_000,
    });
    expect(await (await request.get(at('/departaments/12'))).text()).toMatch(/1\.200,00\s€/);

    const restore = page.getByRole('button', { name: /^Stand vom .* wiederherstellen$/ });
    await expect(restore).toHaveCount(1);
    await restore.click();
    await page.getByRole('button', { name: 'Ja, wiederherstellen' }).click();
    await expect(page.getByText(/^Die Website zeigt wieder den Stand vom/)).toBeVisible();
    expect(await (await request.get(at('/departaments/12'))).text()).toMatch(/1\.350,00\s€/);
    expect(await (await request.get(at('/hotel'))).text()).toContain(NEW_TITLE);
    expect(await cartCharges(request, token)).toBe(1350);
  });

  test('a new landing page goes into an industry group before its publish; a removed one leaves its group', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await openEditor(page, request);
    const other = await otherEditor(request);
    // Another editor made a new page from the bakery's (the page form is tested above).
    const bakery = await other.read('landing/backerei.md');
    await other.save({
      'landing/konditorei.md': bakery
        .replace('title: Website für Ihre Bäckerei', 'title: Website für Ihre Konditorei')
        .replace('businessType: Bäckerei', 'businessType: Konditorei')
        .replace('order: 10', 'order: 28'),
    });
    // On a phone, where the page's end lies below the button, the answer is brought into view.
    await page.goto(at('/admin/inhalte'));
    await page.setViewportSize({ width: 375, height: 800 });
    await publish(page);
    const refusal = page.locator('.admin-messages [role="alert"]').first();
    await expect(refusal).toHaveText(
      'Nicht veröffentlicht: Die Branchenseite „Website für Ihre Konditorei“ (Adresse /konditorei) gehört zu keiner Branchengruppe. Bitte fügen Sie sie unter „Inhalte bearbeiten“ › „Branchengruppen“ einer Gruppe hinzu und veröffentlichen Sie dann erneut. Die Website zeigt weiter die zuletzt veröffentlichte Fassung.',
      { timeout: 120_000 },
    );
    await expect(refusal).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 800 });
    expect((await request.get(at('/konditorei'))).status()).toBe(404);

    // Where the message says: the group's pages are chosen from the existing ones.
    await page.getByRole('link', { name: 'Inhalte bearbeiten' }).click();
    await page.getByRole('list', { name: 'Seiten' }).getByRole('link', { name: 'Branchengruppen' }).click();
    await page.getByText('Gastronomie und Reisen').click();
    const group = page.getByRole('dialog');
    await group.getByRole('combobox', { name: /^Branchenseiten der Gruppe/ }).fill('kondi');
    await page.getByRole('option', { name: 'konditorei' }).click();
    await group.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => other.read('industries.yaml')).toMatch(/- konditorei\n/);

    // Removing a page in the editor leaves its group's list as it is; the publish goes through.
    await other.save({}, ['landing/reiseburo.md']);
    await publish(page);
    await expect(page.getByText('Veröffentlicht: 4 geänderte Dateien sind jetzt auf der Website.')).toBeVisible({
      timeout: 180_000,
    });
    // The prices too: the release served until now was the restored one, before the last price change.
    const published = page.getByRole('table', { name: 'Veröffentlichungen, die neueste zuerst' });
    await expect(
      published.getByRole('cell', {
        name: 'industries.yaml, landing/konditorei.md, landing/reiseburo.md, models.yaml',
      }),
    ).toBeVisible();
    await page.goto(at('/'));
    const gastronomy = page.getByRole('region', { name: 'Gastronomie und Reisen' });
    await expect(gastronomy.getByRole('link')).toHaveText(['Hotel', 'Bäckerei', 'Pizzeria', 'Konditorei']);
    await gastronomy.getByRole('link', { name: 'Konditorei' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Website für Ihre Konditorei');
    expect((await request.get(at('/reiseburo'))).status()).toBe(404);
  });

  test('text that ends a script element or opens a comment, published in every field, is shown and never run', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Every script the policy refuses is reported here (and logged, which the fixture counts too).
    await page.addInitScript(() => {
      const reports: string[] = [];
      Object.assign(window, { policyReports: reports });
      document.addEventListener('securitypolicyviolation', (event) =>
        reports.push(`${event.effectiveDirective}: ${event.sample}`),
      );
    });
    await openEditor(page, request);
    // The editor's files rewritten in a folder, then saved as an editor saves them.
    const other = await otherEditor(request);
    const hostile = path.join(root, 'hostile');
    const files = [
      ...['site.yaml', 'models.yaml', 'pricing.yaml', 'industries.yaml', 'landing/hotel.md'],
      ...['aboutus', 'agb', 'privacypolicy', 'widerrufsbelehrung', 'barrierefreiheit'].map(
        (name) => `pages/${name}.md`,
      ),
    ];
    mkdirSync(path.join(hostile, 'landing'), { recursive: true });
    mkdirSync(path.join(hostile, 'pages'));
    for (const file of files) writeFileSync(path.join(hostile, file), await other.read(file));
    writeHostileContent(hostile);
    await other.save(Object.fromEntries(files.map((file) => [file, readFileSync(path.join(hostile, file), 'utf8')])));
    await publish(page);
    await expect(page.getByText(/^Veröffentlicht: \d+ geänderte Dateien/)).toBeVisible({ timeout: 180_000 });

    // Pre-rendered (with and without JSON-LD, Markdown bodies, an example site) and rendered on request.
    for (const pathname of [
      '/',
      '/hotel',
      '/beispiele/hotel',
      '/modelle',
      '/preise',
      '/aboutus',
      '/agb',
      '/departaments/12',
    ]) {
      await page.goto(at(pathname));
      await expect(page.getByText(HOSTILE_TEXT).first(), pathname).toBeVisible();
      for (const data of await page.locator('script[type="application/ld+json"]').allTextContents()) {
        expect(() => JSON.parse(data), pathname).not.toThrow();
      }
      expect(await page.evaluate(() => (window as Window & { policyReports?: string[] }).policyReports)).toEqual([]);
    }
    // Text without a space to break at stays on a phone's screen, the site's name in the header too.
    await page.setViewportSize({ width: 320, height: 800 });
    for (const pathname of ['/', '/hotel', '/aboutus']) {
      await page.goto(at(pathname));
      await shellReady(page);
      expect(await sidewaysOverflow(page), `sideways scrolling on ${pathname} at 320 px`).toBe(0);
      expect(await textsOffScreen(page), `text off the screen on ${pathname} at 320 px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(at('/hotel'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_TEXT);
    const [service] = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect((JSON.parse(service ?? '{}') as { name?: string }).name).toBe(HOSTILE_TEXT);
    await page.goto(at('/aboutus'));
    await expect(page.getByText('Text: </script><script>alert(document.domain)</script>')).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test("shows each file's saves, which of them the website shows, what a save changed, and saves an earlier one again", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    await openEditor(page, request);
    const other = await otherEditor(request);
    await page.goto(at('/admin/inhalte'));
    await page.getByLabel('Datei').selectOption('landing/hotel.md');
    const rows = page
      .getByRole('table', { name: 'Fassungen von „Branchenseiten: hotel“, die neueste zuerst' })
      .getByRole('row');
    // The header, the seed and the saves of the tests before (the other editor's, the title, the hostile text).
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(4)).toContainText('Ursprünglicher Text (bei der Einrichtung)');

    // The newest save's changes: the hostile text shown as text, added, the title before it removed.
    await page
      .getByRole('button', { name: /^Änderungen ansehen \(/ })
      .first()
      .click();
    await expect(
      page.getByRole('heading', { name: /^Änderungen an „Branchenseiten: hotel“, gespeichert am/ }),
    ).toBeVisible();
    await expect(page.locator('.content-changes ins').filter({ hasText: HOSTILE_TEXT }).first()).toBeVisible();
    await expect(page.locator('.content-changes del').filter({ hasText: NEW_TITLE })).toHaveCount(1);
    await expectNoAccessibilityViolations(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: /^Änderungen ausblenden \(/ }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`history-${width}.png`) });
      // Nothing of the history wider than the window (no sideways scrolling): the elements that are, named.
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll('.content-history__file *, .booking-table *, .content-changes *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
      );
      expect(wider, `${width}px`).toEqual([]);
    }

    // The seed again, as the newest save: the history keeps every save.
    await expect(rows.nth(1)).toContainText('Auf der Website');
    await rows
      .nth(4)
      .getByRole('button', { name: /^Diese Fassung wiederherstellen/ })
      .click();
    await page.getByRole('button', { name: 'Ja, wiederherstellen' }).click();
    await expect(page.getByText(/^„Branchenseiten: hotel“ hat wieder den Text vom/)).toBeVisible();
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(1)).toContainText(E2E_ADMIN.email);
    expect(await other.read('landing/hotel.md')).toBe(readFileSync('content/landing/hotel.md', 'utf8'));
    // Saved, not yet published: the website still shows the save before.
    await expect(rows.nth(1)).toContainText('Nicht auf der Website');
    await expect(rows.nth(2)).toContainText('Auf der Website');
    await expectNoAccessibilityViolations(page);

    // Published from this page, the mark moves to the newest save.
    await page.getByRole('button', { name: 'Veröffentlichen' }).click();
    await expect(page.getByText('Veröffentlicht: Eine geänderte Datei ist jetzt auf der Website.')).toBeVisible({
      timeout: 180_000,
    });
    await expect(rows.nth(1)).toContainText('Auf der Website');
    await expect(page.getByText('Nicht auf der Website')).toHaveCount(0);
  });
});
