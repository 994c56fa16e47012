/**
 * Accounts through the UI, like a new user: register, confirm by the mailed link, log in, see the
 * profile, log out; the error paths; forgot and reset password; a logout reaching another tab.
 */
import type { Page } from '@playwright/test';
import { ACCOUNT_MESSAGES as m } from '../../src/lib/accounts.ts';
import { formatGermanDate, todayInGermany } from '../../src/lib/dates.ts';
import {
  CONFIRMATION_SUBJECT,
  confirmedCustomer,
  linkIn,
  mailsTo,
  newAccount,
  RESET_SUBJECT,
  signIn,
  waitForMail,
} from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, shellReady, test } from './support/fixtures.ts';

const header = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

/** The island is interactive once React has hydrated it (the astro-island loses its ssr attribute). */
async function islandReady(page: Page) {
  await expect(page.locator('astro-island')).not.toHaveAttribute('ssr', /.*/);
}

async function fillRegistration(page: Page, values: Partial<Record<string, string>>) {
  const labels: Record<string, string> = {
    firstName: 'Vorname',
    lastName: 'Nachname',
    phoneNumber: 'Telefon',
    userEmail: 'E-Mail',
    password: 'Passwort',
    confirmPassword: 'Passwort bestätigen',
  };
  for (const [field, value] of Object.entries(values)) {
    await page.getByLabel(labels[field] as string, { exact: true }).fill(value ?? '');
  }
}

test('a new customer registers, confirms by mail, logs in, sees the profile and logs out', async ({ page }) => {
  const account = newAccount({ firstName: 'Jürgen', lastName: 'Groß-Hoffmann' });

  await page.goto('/register');
  await islandReady(page);
  await expectNoAccessibilityViolations(page);
  await fillRegistration(page, { ...account, confirmPassword: account.password });
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Sie haben sich erfolgreich registriert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  await expectNoAccessibilityViolations(page);

  const mail = await waitForMail(account.userEmail, CONFIRMATION_SUBJECT);
  expect(mail.text).toContain('Hallo Jürgen,');
  await page.goto(linkIn(mail, '/auth/confirm'));
  await page.waitForURL(/\/login\?bestaetigt=1$/);
  await expect(page.getByText('Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.')).toBeVisible();

  await islandReady(page);
  await page.getByLabel('E-Mail').fill(account.userEmail);
  await page.getByLabel('Passwort', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('/');
  await expect(header(page).getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeHidden();

  await page.getByRole('link', { name: 'Mein Profil' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mein Profil');
  await expect(page.locator('main')).toContainText('Jürgen');
  await expect(page.locator('main')).toContainText(account.userEmail);
  await expect(page.getByRole('heading', { name: 'Ihre letzten Bestellungen' })).toBeVisible();
  await expect(page.getByText('Sie haben keine Bestellungen.')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await header(page).getByRole('button', { name: 'Abmelden' }).click();
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(
    page.getByText('Bitte melden Sie sich an oder registrieren Sie sich, um Ihr Profil zu sehen.'),
  ).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('isAuthorized')]),
  ).toEqual([null, null]);
});

for (const width of [320, 375]) {
  test(`on a ${width} px phone the registration's success is in view and has the focus`, async ({ page }) => {
    await page.setViewportSize({ width, height: 640 });
    const account = newAccount({ firstName: 'Małgorzata', lastName: 'Schäfer-Özdemir' });
    await page.goto('/register');
    await islandReady(page);
    await fillRegistration(page, { ...account, confirmPassword: account.password });
    // The button is below the first screen: the phone has scrolled down to it.
    await page.getByRole('button', { name: 'Registrieren' }).click();
    const success = page.getByRole('heading', { name: 'Sie haben sich erfolgreich registriert' });
    await expect(success).toBeFocused();
    await expect(success).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('link', { name: 'Zum Login' })).toBeInViewport();
  });
}

test.describe('registration errors', () => {
  test('every field shows its own German message, the first invalid field gets focus', async ({ page }) => {
    await page.goto('/register');
    await islandReady(page);
    await page.getByRole('button', { name: 'Registrieren' }).click();
    for (const message of [
      m.firstNameRequired,
      m.lastNameRequired,
      m.phoneRequired,
      m.emailRequired,
      m.passwordRequired,
      m.confirmPasswordRequired,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Vorname')).toBeFocused();
    await expect(page.getByLabel('Vorname')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Vorname')).toHaveAccessibleDescription(m.firstNameRequired);
    await expectNoAccessibilityViolations(page);

    await fillRegistration(page, {
      firstName: 'Anna3',
      lastName: 'Müller',
      phoneNumber: '12a45',
      userEmail: 'anna@',
      password: 'abcdefgh',
      confirmPassword: 'anders',
    });
    await page.getByRole('button', { name: 'Registrieren' }).click();
    // A different confirmation is reported at once, also while the password still breaks a rule.
    for (const message of [m.lettersOnly, m.phoneDigitsOnly, m.emailInvalid, m.passwordDigit, m.passwordsDiffer]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Vorname')).toBeFocused();
    await fillRegistration(page, { password: 'Sommer-2026!A', confirmPassword: 'Sommer-2026!B' });
    await expect(page.getByText(m.passwordsDiffer, { exact: true })).toBeVisible();

    for (const [values, message] of [
      [{ phoneNumber: '1234' }, m.phoneTooShort],
      [{ password: 'Ab1!' }, m.passwordTooShort],
      [{ password: 'abcdefg1!' }, m.passwordUppercase],
      [{ password: 'ABCDEFG1!' }, m.passwordLowercase],
      [{ password: 'Abcdefg12' }, m.passwordSymbol],
    ] as const) {
      await fillRegistration(page, values);
      await expect(page.getByText(message, { exact: true })).toBeVisible(); // re-checked while typing after a submit
    }
  });

  test('an address that is already registered shows the error and goes to /login after 2 s', async ({
    page,
    customer,
  }) => {
    await page.goto('/register');
    await islandReady(page);
    await fillRegistration(page, {
      ...newAccount(),
      userEmail: customer.userEmail.toUpperCase(),
      confirmPassword: customer.password,
    });
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByRole('alert')).toContainText('Ein Konto mit dieser E-Mail-Adresse existiert bereits.');
    const shownAt = Date.now();
    await page.waitForURL('/login');
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
  });

  test('the password fields can show and hide what was typed', async ({ page }) => {
    await page.goto('/register');
    await islandReady(page);
    const password = page.getByLabel('Passwort', { exact: true });
    await password.fill('Geheim-2026!');
    await expect(password).toHaveAttribute('type', 'password');
    const toggle = page.getByRole('button', { name: 'Passwort anzeigen' });
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Passwort verbergen' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Passwort verbergen' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Passwort bestätigen anzeigen' })).toBeVisible();
  });

  test('the button shows progress and a double click sends one request', async ({ page }) => {
    let requests = 0;
    await page.route('**/api/auth/register', async (route) => {
      requests += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto('/register');
    await islandReady(page);
    const account = newAccount();
    await fillRegistration(page, { ...account, confirmPassword: account.password });
    await page.getByRole('button', { name: 'Registrieren' }).dblclick();
    await expect(page.getByRole('button', { name: 'Wird registriert …' })).toBeDisabled();
    await expect(page.getByText('Sie haben sich erfolgreich registriert')).toBeVisible();
    expect(requests).toBe(1);
  });
});

test.describe('the return path after login', () => {
  test('stays on the site whatever `next` says: every trick of the attack review', async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow(); // ten logins
    const account = await confirmedCustomer(request, { firstName: 'Hans-Jürgen', lastName: 'Müller-Lüdenscheidt' });
    const site = new URL(baseURL as string).origin;
    // A page of another host must not even be asked for: the browser gets no further than this.
    await page.route(
      (url) => url.origin !== site,
      (route) => route.abort(),
    );
    const ends: [next: string, path: string][] = [
      ['/\t/evil.example/phish', '/'],
      ['/\n/evil.example/phish', '/'],
      ['/\r/evil.example/phish', '/'],
      ['\t//evil.example/phish', '/'],
      ['//evil.example/phish', '/'],
      ['/\\evil.example/phish', '/'],
      ['https://evil.example/phish', '/'],
      ['javascript:alert(document.domain)', '/'],
      ['/.//evil.example/phish', '/evil.example/phish'],
      ['/profilepage?von=login#bestellungen', '/profilepage'],
    ];
    for (const [next, path] of ends) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await islandReady(page);
      await page.getByLabel('E-Mail').fill(account.userEmail);
      await page.getByLabel('Passwort', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      const landed = new URL(page.url());
      expect({ next, origin: landed.origin, path: landed.pathname }).toEqual({ next, origin: site, path });
      await page.evaluate(() => localStorage.clear()); // logged out again, for the next trick
    }
  });

  test('a landing page’s Login leads back to its order section, now with the ordering steps', async ({
    page,
    request,
  }) => {
    const account = await confirmedCustomer(request, { firstName: 'Zoë', lastName: 'Hoffmann-Ødegaard' });
    await page.goto('/hotel');
    const order = page.getByRole('region', { name: 'So bestellen Sie' });
    await order.getByRole('link', { name: 'Login', exact: true }).click();
    await islandReady(page);
    await page.getByLabel('E-Mail').fill(account.userEmail);
    await page.getByLabel('Passwort', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('/hotel#bestellen');
    await expect(order.getByRole('link', { name: 'Hier geht’s zur Zahlungsseite' })).toBeInViewport();
  });
});

test.describe('login errors', () => {
  test('a wrong password shows the server’s message, which stays until a field changes', async ({ page, customer }) => {
    await page.clock.install();
    await page.goto('/login');
    await islandReady(page);
    await page.getByLabel('E-Mail').fill(customer.userEmail);
    await page.getByLabel('Passwort', { exact: true }).fill('Falsch-2026!x');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const error = page.getByRole('alert');
    await expect(error).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
    await expectNoAccessibilityViolations(page);
    await page.clock.runFor(10_000); // well past the 2 s of a success notice
    await expect(error).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
    await page.getByLabel('Passwort', { exact: true }).fill('Falsch-2026!y');
    await expect(error).toBeEmpty();
    await expect(page).toHaveURL('/login');
  });

  test('after the confirmation, a wrong password shows its error alone: one message at a time', async ({
    page,
    customer,
  }) => {
    await page.goto('/login?bestaetigt=1');
    await islandReady(page);
    const welcome = page.getByText('Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.');
    await expect(welcome).toBeVisible();
    await page.getByLabel('E-Mail').fill(customer.userEmail);
    await page.getByLabel('Passwort', { exact: true }).fill('Falsch-2026!x');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
    await expect(welcome).toHaveCount(0);
    await expect(page.getByRole('status')).toBeEmpty();
  });

  test('before confirming the address, login shows the API’s message and a new link is mailed', async ({
    page,
    request,
  }) => {
    const account = newAccount();
    expect((await request.post('/api/auth/register', { data: account })).status()).toBe(201);
    await waitForMail(account.userEmail, CONFIRMATION_SUBJECT);
    await page.goto('/login');
    await islandReady(page);
    await page.getByLabel('E-Mail').fill(account.userEmail);
    await page.getByLabel('Passwort', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Wir haben Ihnen dafür einen neuen Link geschickt.',
    );
  });

  test('the form checks the spec’s rules before sending', async ({ page }) => {
    await page.goto('/login');
    await islandReady(page);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('E-Mail ist erforderlich!', { exact: true })).toBeVisible();
    await expect(page.getByText(m.passwordRequired)).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toBeFocused();
    await page.getByLabel('E-Mail').fill('anna@example.de');
    await page.getByLabel('Passwort', { exact: true }).fill('kurz');
    await expect(page.getByText(m.passwordTooShort)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passwort vergessen? Klicken Sie hier' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

test('forgot password: the mailed link sets a new password once; the old one stops working', async ({
  page,
  request,
}) => {
  const account = await confirmedCustomer(request);
  await page.goto('/forgot-password');
  await islandReady(page);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByText('E-Mail ist erforderlich', { exact: true })).toBeVisible();
  await page.getByLabel('E-Mail').fill('kein-at');
  await expect(page.getByText('Ungültige E-Mail', { exact: true })).toBeVisible();
  await page.getByLabel('E-Mail').fill(account.userEmail);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByRole('status')).toContainText(
    'haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt',
  );
  await expectNoAccessibilityViolations(page);

  const link = linkIn(await waitForMail(account.userEmail, RESET_SUBJECT), '/reset-password');
  await page.goto(link);
  await islandReady(page);
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await expect(page.getByText(m.newPasswordRequired)).toBeVisible();
  await expect(page.getByText(m.newPasswordConfirmRequired)).toBeVisible();
  const newPassword = 'Winter-2027?B';
  await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill('Winter-2027?C');
  await expect(page.getByText(m.newPasswordsDiffer)).toBeVisible();
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await expect(page.getByRole('status')).toContainText('Passwort wurde erfolgreich geändert.');
  await page.waitForURL('/');

  expect(
    (
      await request.post('/api/auth/login', { data: { userEmail: account.userEmail, password: account.password } })
    ).status(),
  ).toBe(401);
  expect(
    (await request.post('/api/auth/login', { data: { userEmail: account.userEmail, password: newPassword } })).status(),
  ).toBe(200);

  // The link works once.
  await page.clock.install();
  await page.goto(link);
  await islandReady(page);
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Fruehling-2028%C');
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill('Fruehling-2028%C');
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Der Link zum Zurücksetzen ist ungültig, abgelaufen oder wurde bereits verwendet.',
  );
  await page.clock.runFor(10_000); // errors do not time out (docs/product.md#d24-german-ui)
  await expect(page.getByRole('alert')).toHaveText(
    'Der Link zum Zurücksetzen ist ungültig, abgelaufen oder wurde bereits verwendet.',
  );
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill('Fruehling-2028%D');
  await expect(page.getByRole('alert')).toBeEmpty();
});

test('the reset link also works as /reset-password/{token}', async ({ page, request }) => {
  const account = await confirmedCustomer(request);
  await request.post('/api/auth/forgot-password', { data: { userEmail: account.userEmail } });
  const token = new URL(
    linkIn(await waitForMail(account.userEmail, RESET_SUBJECT), '/reset-password'),
  ).searchParams.get('token');
  await page.goto(`/reset-password/${token}`);
  await islandReady(page);
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Herbst-2029&D');
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill('Herbst-2029&D');
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await expect(page.getByRole('status')).toContainText('Passwort wurde erfolgreich geändert.');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
});

test('/reset-password without a token says so and leads to a new link instead of the form', async ({ page }) => {
  await page.goto('/reset-password');
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('Dieser Link zum Zurücksetzen des Passworts ist unvollständig.');
  await expect(page.getByLabel('Neues Passwort', { exact: true })).toHaveCount(0);
  await notice.getByRole('link', { name: 'Neuen Link anfordern' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.goBack();
  await expectNoAccessibilityViolations(page);
});

test.describe('forgot-password failures', () => {
  test.use({ allowedConsoleErrors: /status of 500|ERR_CONNECTION_REFUSED|ERR_FAILED/ });

  test('an HTTP error without a message and a network failure have their own texts', async ({ page }) => {
    await page.goto('/forgot-password');
    await islandReady(page);
    await page.getByLabel('E-Mail').fill('anna@example.de');
    await page.route('**/api/auth/forgot-password', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Link senden' }).click();
    await expect(page.getByRole('alert')).toHaveText('Fehler beim Senden der E-Mail.');
    await page.unroute('**/api/auth/forgot-password');
    await page.route('**/api/auth/forgot-password', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Link senden' }).click();
    await expect(page.getByRole('alert')).toHaveText('Unbekannter Fehler.');
  });
});

test.describe('/auth/confirm', () => {
  test.use({ allowedConsoleErrors: /status of 400|ERR_CONNECTION_REFUSED|ERR_FAILED/ });

  test('without a code goes to /login at once', async ({ page }) => {
    await page.goto('/auth/confirm');
    await page.waitForURL('/login');
  });

  test('with a refused code says so on the page and leads to the login, which mails a new link', async ({ page }) => {
    await page.goto('/auth/confirm?code=ungueltig');
    const notice = page.getByRole('alert');
    await expect(notice).toContainText('Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde schon verwendet.');
    await expectNoAccessibilityViolations(page);
    await notice.getByRole('link', { name: 'Zum Login' }).click();
    await page.waitForURL('/login');
  });

  test('without a connection says so and tries again on request', async ({ page }) => {
    await page.route('**/api/auth/confirm**', (route) => route.abort('connectionrefused'));
    await page.goto('/auth/confirm?code=irgendwas');
    await expect(page.getByRole('alert')).toContainText('weil keine Verbindung zustande kam');
    await page.unroute('**/api/auth/confirm**');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    // The code is unknown to the server: now it is refused, said in place.
    await expect(page.getByRole('alert')).toContainText('Dieser Bestätigungslink ist ungültig');
  });

  test('shows "Ihre Anmeldung wird bestätigt …" while it works', async ({ page }) => {
    await page.route('**/api/auth/confirm**', () => {}); // never answers
    await page.goto('/auth/confirm?code=wartet');
    await expect(page.getByRole('status')).toHaveText('Ihre Anmeldung wird bestätigt …');
    await expectNoAccessibilityViolations(page);
  });
});

test.describe('/profilepage', () => {
  test('without a logged-in user asks to log in or register', async ({ page }) => {
    await page.goto('/profilepage');
    await expect(
      page.getByText('Bitte melden Sie sich an oder registrieren Sie sich, um Ihr Profil zu sehen.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/register');
    await expectNoAccessibilityViolations(page);
  });

  test('a session ended on another device: the profile says so, with the way back, and the header follows', async ({
    page,
    request,
  }) => {
    const account = await confirmedCustomer(request, { firstName: 'Jürgen' });
    const token = account.token;
    expect((await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
      204,
    );
    await signIn(page, token); // this browser still holds the token
    await page.goto('/profilepage');
    const notice = page.getByRole('alert');
    await expect(notice).toContainText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    await expect(notice.getByRole('link', { name: 'Erneut anmelden' })).toHaveAttribute(
      'href',
      '/login?next=%2Fprofilepage',
    );
    await expect(page.getByText(account.userEmail)).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Abmelden' })).toBeHidden();
    await expect(notice).not.toBeFocused(); // nobody used the page yet: the focus stays where it starts
    await expectNoAccessibilityViolations(page);
  });

  test('shows "Ihre Bestellungen..." while loading, then the orders newest first', async ({ page, request }) => {
    const account = await confirmedCustomer(request, { firstName: 'Petra' });
    const token = account.token;
    const auth = { Authorization: `Bearer ${token}` };
    for (const articleId of [1, 2]) {
      await request.delete('/api/cart/clear', { headers: auth });
      const entryDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const added = await request.post(`/api/cart/article/${articleId}`, {
        headers: auth,
        data: { entryDate, departureDate: entryDate },
      });
      expect(added.status(), await added.text()).toBe(201);
      // Starting a payment orders the cart: two orders, one article each.
      const ordered = await request.post('/api/payment/stripe/checkout-session', {
        headers: auth,
        data: { earlyStart: true },
      });
      expect(ordered.status()).toBe(200);
    }
    const bookings = (await (await request.get('/api/booking/get', { headers: auth })).json()) as {
      bookingNumber: string;
    }[];

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/booking/get', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, token);
    await page.goto('/profilepage');
    await expect(page.getByText('Ihre Bestellungen...')).toBeVisible();
    release();
    const rows = page.getByRole('table', { name: 'Ihre letzten Bestellungen' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(bookings[0]?.bookingNumber as string);
    await expect(rows.nth(1)).toContainText('2.500,00 €');
    await expect(rows.nth(2)).toContainText(bookings[1]?.bookingNumber as string);
    await expect(rows.nth(2)).toContainText('1.200,00 €');
    // Dated in Germany, whatever the time zone this test runs in (between 23:00 and 01:00 UTC the days differ).
    await expect(rows.nth(1)).toContainText(formatGermanDate(todayInGermany()));
    await expectNoAccessibilityViolations(page);
  });
});

test('a logout in one tab reaches the other tabs', async ({ context, request }) => {
  const account = await confirmedCustomer(request);
  const token = account.token;
  await context.addInitScript((accessToken) => {
    localStorage.setItem('splashShown', '1');
    localStorage.setItem('cookieConsentAccepted', 'true');
    if (sessionStorage.getItem('signedIn')) return;
    sessionStorage.setItem('signedIn', '1');
    if (!localStorage.getItem('loggedInOnce')) {
      localStorage.setItem('loggedInOnce', '1');
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('isAuthorized', 'true');
    }
  }, token);
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/profilepage');
  await shellReady(second);
  await expect(second.getByText(account.userEmail)).toBeVisible();

  await header(first).getByRole('button', { name: 'Abmelden' }).click();
  await expect(header(second).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(
    second.getByText('Bitte melden Sie sich an oder registrieren Sie sich, um Ihr Profil zu sehen.'),
  ).toBeVisible();
});

test('no mail is sent for an address that is not registered', async ({ page }) => {
  const address = `niemand-${Date.now()}@example.de`;
  await page.goto('/forgot-password');
  await islandReady(page);
  await page.getByLabel('E-Mail').fill(address);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByRole('status')).toContainText('Wenn ein Konto mit dieser E-Mail-Adresse existiert');
  expect(mailsTo(address)).toEqual([]);
});
