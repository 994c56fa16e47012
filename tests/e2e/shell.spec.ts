import { confirmedCustomer, signIn } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, shellReady, test } from './support/fixtures.ts';
import { recordLayoutShifts } from './support/layout-shift.ts';

const header = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

/**
 * From here on the page's timers move only when the test moves its clock: the splash stays until
 * dismissed, however slowly the machine runs (clock.install alone lets the page's time flow).
 */
async function stopTheClock(page: import('@playwright/test').Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

test.describe('splash screen', () => {
  test.use({ freshVisitor: true });

  const splashOpen = (page: import('@playwright/test').Page) =>
    expect(page.locator('html')).toHaveAttribute('data-splash', 'open');
  const splashGone = (page: import('@playwright/test').Page) =>
    expect(page.locator('html')).not.toHaveAttribute('data-splash', /./);

  test('appears on the first visit only, ends 2 s after navigation start and never again in this browser', async ({
    page,
  }) => {
    await stopTheClock(page);
    // However slowly the machine loads the page, for the page its script starts 500 ms after navigation start.
    await page.clock.runFor(500);
    await page.goto('/');
    await splashOpen(page);
    await expect(page.locator('[data-splash-screen]')).toBeVisible();
    await shellReady(page);
    const now = await page.evaluate(() => performance.now());
    await page.clock.runFor(1999 - now);
    await splashOpen(page);
    await page.clock.runFor(1);
    await splashGone(page);
    await expect(page.locator('[data-splash-screen]')).toBeHidden();

    await page.getByRole('link', { name: 'Startseite' }).click();
    await shellReady(page);
    await splashGone(page);

    // A second visit in a new tab of the same browser, a new session: still no splash.
    const secondVisit = await page.context().newPage();
    await secondVisit.goto('/preise');
    await shellReady(secondVisit);
    await expect(secondVisit.locator('html')).not.toHaveAttribute('data-splash', /./);
    await expect(secondVisit.locator('[data-splash-screen]')).toBeHidden();
  });

  test('covers nothing: the heading can be read and the links used while it runs', async ({ page }) => {
    await stopTheClock(page);
    await page.goto('/');
    await splashOpen(page);
    const heading = page.getByRole('heading', { level: 1 });
    const box = await heading.boundingBox();
    const topmost = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest('h1')?.textContent,
      [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
    );
    expect(topmost).toBe('Websites für kleine Unternehmen');
    await expect(page.getByRole('link', { name: 'Die fünf Website-Modelle' })).toBeVisible();
  });

  test('can be dismissed with Escape', async ({ page }) => {
    await stopTheClock(page);
    await page.goto('/');
    await splashOpen(page);
    await shellReady(page);
    await page.keyboard.press('Escape');
    await splashGone(page);
    await expect(page.locator('[data-splash-screen]')).toBeHidden();
  });

  test('ends on any other key, a click or scrolling', async ({ browser }) => {
    const dismissals: [string, (page: import('@playwright/test').Page) => Promise<void>][] = [
      ['a letter key', (page) => page.keyboard.press('x')],
      ['a click', (page) => page.mouse.click(5, 300)],
      ['scrolling', (page) => page.mouse.wheel(0, 400)],
    ];
    for (const [name, dismiss] of dismissals) {
      const context = await browser.newContext({ locale: 'de-DE' });
      const page = await context.newPage();
      await stopTheClock(page);
      await page.goto('/');
      await splashOpen(page);
      await shellReady(page);
      await dismiss(page);
      await expect(page.locator('html'), name).not.toHaveAttribute('data-splash', /./);
      await context.close();
    }
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
      await expect(banner).toBeVisible();
      await expectNoAccessibilityViolations(page);

      await banner.getByRole('button', { name: button }).click();
      await expect(banner).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('cookieConsentAccepted'))).toBe(stored);

      await page.reload();
      await shellReady(page);
      await expect(banner).toBeHidden();
    });
  }

  test('does not wait for the splash, which covers nothing', async ({ page }) => {
    await stopTheClock(page);
    await page.goto('/');
    await shellReady(page);
    const [splash, bannerHidden] = await page.evaluate(() => [
      document.documentElement.dataset.splash,
      document.querySelector<HTMLElement>('[data-cookie-banner]')?.hidden,
    ]);
    expect(splash).toBe('open');
    expect(bannerHidden).toBe(false);
  });

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

  test('choosing an item that stays on the page (Abmelden) also closes the menu', async ({ page, request }) => {
    const account = await confirmedCustomer(request); // its own session: this test ends it
    await signIn(page, account.token);
    await page.setViewportSize({ width: 600, height: 800 });
    await page.goto('/');
    await shellReady(page);
    const burger = page.getByRole('button', { name: 'Menü' });
    await burger.click();
    await header(page).getByRole('button', { name: 'Abmelden' }).click();
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
    await expect(nav.getByRole('button', { name: 'Abmelden' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Verwaltung' })).toBeHidden();
    await expectNoAccessibilityViolations(page);
  });

  test('a logged-in visitor sees Abmelden and no Verwaltung; logging out shows Login again', async ({
    page,
    request,
  }) => {
    const account = await confirmedCustomer(request); // its own session: this test ends it
    const token = account.token;
    await signIn(page, token);
    await page.goto('/');
    await shellReady(page);
    const nav = header(page);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Verwaltung' })).toBeHidden();
    await nav.getByRole('button', { name: 'Abmelden' }).click();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('isAuthorized')]),
    ).toEqual([null, null]);
    // Leaving the page at once does not keep the session alive on the server.
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    // The session ended on the server too: the old token no longer works.
    await expect
      .poll(async () =>
        (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).status(),
      )
      .toBe(401);
  });

  test('an administrator also sees Verwaltung', async ({ page, adminToken }) => {
    await signIn(page, adminToken);
    await page.goto('/');
    const nav = header(page);
    await expect(nav.getByRole('link', { name: 'Verwaltung' })).toHaveAttribute('href', '/admin/departaments');
    await expect(nav.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
  });

  test('the header is right before any module script runs (no flash of wrong links)', async ({ page, adminToken }) => {
    await signIn(page, adminToken);
    await page.route('**/_astro/*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const nav = header(page);
    await expect(nav.getByRole('link', { name: 'Verwaltung' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
  });

  test('a session the server no longer accepts becomes logged out', async ({ page }) => {
    const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = `${base64url({ alg: 'HS256' })}.${base64url({ sub: '1', roles: ['ROLE_ADMIN'], exp: Date.now() / 1000 + 3600 })}.x`;
    await signIn(page, forged);
    await page.goto('/');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Verwaltung' })).toBeHidden();
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

  test('the footer links to profile, contacts, the legal texts, the withdrawal and four social networks', async ({
    page,
  }) => {
    await page.goto('/');
    const service = page.getByRole('navigation', { name: 'Service' });
    for (const [name, href] of [
      ['Mein Profil', '/profilepage'],
      ['Kontakt', '/contacts'],
    ]) {
      await expect(service.getByRole('link', { name })).toHaveAttribute('href', href as string);
    }
    const legal = page.getByRole('navigation', { name: 'Rechtliches' });
    for (const [name, href] of [
      ['Impressum', '/aboutus#impressum'],
      ['Datenschutzerklärung', '/privacypolicy'],
      ['AGB', '/agb'],
      ['Widerrufsbelehrung', '/widerrufsbelehrung'],
      ['Barrierefreiheit', '/barrierefreiheit'],
      ['Vertrag widerrufen', '/widerruf'],
    ]) {
      await expect(legal.getByRole('link', { name })).toHaveAttribute('href', href as string);
    }
    await expect(page.getByRole('navigation', { name: 'Soziale Netzwerke' }).getByRole('link')).toHaveCount(4);
  });
});
