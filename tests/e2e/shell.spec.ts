import { accessTokenFor, confirmedCustomer, signIn } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, shellReady, test } from './support/fixtures.ts';
import { recordLayoutShifts } from './support/layout-shift.ts';

const header = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

test.describe('splash screen', () => {
  test.use({ freshVisitor: true });

  test('appears on the first view, is gone after 2 s and does not come back on the next page', async ({ page }) => {
    await page.goto('/');
    const splash = page.locator('[data-splash-screen]');
    await expect(splash).toBeVisible();
    await expect(splash).toContainText('HWDS');
    await expect(splash).toBeHidden({ timeout: 3000 });
    // Gone when 2 s have passed since navigation start, not much later.
    expect(await page.evaluate(() => performance.now())).toBeLessThan(3000);

    await page.getByRole('link', { name: 'Startseite' }).click();
    await shellReady(page);
    await expect(page.locator('html')).not.toHaveAttribute('data-splash');
    await expect(splash).toBeHidden();
  });

  test('can be dismissed with Escape', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-splash-screen]')).toBeVisible();
    await shellReady(page);
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-splash-screen]')).toBeHidden({ timeout: 500 });
  });

  test('never hides the content from visitors without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('[data-splash-screen]')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await context.close();
  });
});

test.describe('cookie banner', () => {
  test.use({ freshVisitor: true });

  for (const [button, stored] of [
    ['Akzeptieren', 'true'],
    ['Ablehnen', 'false'],
  ] as const) {
    test(`'${button}' hides the banner, stores '${stored}' and it stays hidden after a reload`, async ({ page }) => {
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
      await expect(banner).toBeVisible({ timeout: 3000 }); // after the splash
      await expectNoAccessibilityViolations(page);

      await banner.getByRole('button', { name: button }).click();
      await expect(banner).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('cookieConsentAccepted'))).toBe(stored);

      await page.reload();
      await shellReady(page);
      await expect(banner).toBeHidden();
    });
  }

  test('both choices are equally prominent', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
    await expect(banner).toBeVisible({ timeout: 3000 });
    const accept = await banner.getByRole('button', { name: 'Akzeptieren' }).boundingBox();
    const decline = await banner.getByRole('button', { name: 'Ablehnen' }).boundingBox();
    expect(decline?.height).toBe(accept?.height);
    expect(decline?.width).toBe(accept?.width);
    const styles = await banner
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((b) => [
          getComputedStyle(b).backgroundColor,
          getComputedStyle(b).color,
          getComputedStyle(b).fontSize,
        ]),
      );
    expect(styles[0]).toEqual(styles[1]);
  });

  test('neither splash nor banner shifts the layout', async ({ page }) => {
    const layoutShifts = await recordLayoutShifts(page);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Cookies und Datenschutz' })).toBeVisible({ timeout: 3000 });
    expect(await layoutShifts()).toBe(0);
  });
});

test.describe('burger menu', () => {
  test('at 800 px the header collapses into a burger that opens, closes with Escape and after choosing an item', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/');
    await shellReady(page);
    const burger = page.getByRole('button', { name: 'Menü' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Warenkorb' })).toBeHidden();

    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(header(page).getByRole('link', { name: 'Warenkorb' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await page.keyboard.press('Escape');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();

    // Keyboard only: open with Enter, tab to the first item, choose it.
    await page.keyboard.press('Enter');
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(header(page).getByRole('link', { name: 'Startseite' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL('/');
    await shellReady(page);
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(header(page).getByRole('link', { name: 'Startseite' })).toBeHidden();
  });

  test('choosing an item that stays on the page (Log out) also closes the menu', async ({ page, request }) => {
    const account = await confirmedCustomer(request); // its own session: this test ends it
    await signIn(page, await accessTokenFor(request, account.userEmail, account.password));
    await page.setViewportSize({ width: 600, height: 800 });
    await page.goto('/');
    await shellReady(page);
    const burger = page.getByRole('button', { name: 'Menü' });
    await burger.click();
    await header(page).getByRole('button', { name: 'Log out' }).click();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('at 1200 px there is no burger and the links are visible', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto('/');
    await shellReady(page);
    await expect(page.getByRole('button', { name: 'Menü' })).toBeHidden();
    for (const name of ['Startseite', 'Warenkorb', 'Login']) {
      await expect(header(page).getByRole('link', { name })).toBeVisible();
    }
  });
});

test.describe('header links', () => {
  test('an anonymous visitor sees Startseite, Warenkorb and Login', async ({ page }) => {
    await page.goto('/');
    await shellReady(page);
    const nav = header(page);
    await expect(nav.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Warenkorb' })).toHaveAttribute('href', '/cart');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/loginpage');
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Management' })).toBeHidden();
    await expectNoAccessibilityViolations(page);
  });

  test('a logged-in visitor sees Log out and no Management; logging out shows Login again', async ({
    page,
    request,
  }) => {
    const account = await confirmedCustomer(request); // its own session: this test ends it
    const token = await accessTokenFor(request, account.userEmail, account.password);
    await signIn(page, token);
    await page.goto('/');
    await shellReady(page);
    const nav = header(page);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Management' })).toBeHidden();
    await nav.getByRole('button', { name: 'Log out' }).click();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('isAuthorized')]),
    ).toEqual([null, null]);
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    // The session ended on the server too: the old token no longer works.
    await expect
      .poll(async () =>
        (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).status(),
      )
      .toBe(401);
  });

  test('an administrator also sees Management', async ({ page, adminToken }) => {
    await signIn(page, adminToken);
    await page.goto('/');
    const nav = header(page);
    await expect(nav.getByRole('link', { name: 'Management' })).toHaveAttribute('href', '/admin/departaments');
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
  });

  test('the header is right before any module script runs (no flash of wrong links)', async ({ page, adminToken }) => {
    await signIn(page, adminToken);
    await page.route('**/_astro/*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const nav = header(page);
    await expect(nav.getByRole('link', { name: 'Management' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
  });

  test('a session the server no longer accepts becomes logged out', async ({ page }) => {
    const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = `${base64url({ alg: 'HS256' })}.${base64url({ sub: '1', roles: ['ROLE_ADMIN'], exp: Date.now() / 1000 + 3600 })}.x`;
    await signIn(page, forged);
    await page.goto('/');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Management' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('an expired session shows Login', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('accessToken', `e30.${btoa(JSON.stringify({ exp: 1000 }))}.x`);
      localStorage.setItem('isAuthorized', 'true');
    });
    await page.goto('/');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });
});

test.describe('pages', () => {
  test('unknown addresses get the German 404 page', async ({ page }) => {
    const response = await page.goto('/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page).toHaveTitle('Seite nicht gefunden | HWDS');
    await expectNoAccessibilityViolations(page);
  });

  test('every page is German with its own title and description', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle(/HWDS/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{70,}/);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  });

  test('the footer links to profile, privacy, contacts, Impressum and four social networks', async ({ page }) => {
    await page.goto('/');
    const service = page.getByRole('navigation', { name: 'Service' });
    for (const [name, href] of [
      ['Mein Profil', '/profilepage'],
      ['Datenschutzerklärung', '/privacypolicy'],
      ['Kontakte', '/contacts'],
      ['Impressum', '/aboutus#impressum'],
    ]) {
      await expect(service.getByRole('link', { name })).toHaveAttribute('href', href as string);
    }
    await expect(page.getByRole('navigation', { name: 'Soziale Netzwerke' }).getByRole('link')).toHaveCount(4);
  });
});
