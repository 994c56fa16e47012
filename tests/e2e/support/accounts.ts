/**
 * Real accounts for the end-to-end tests: customers registered and confirmed through the API (the
 * confirmation link read from the server's outbox), and the administrator that the e2e server is
 * started with (`npm run create-admin` before `npm start`, see playwright.config.ts).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ReceivedMail } from '../../support/eml.ts';
import { linkIn, mailsIn } from '../../support/outbox.ts';
import { REALISTIC_BILLING_ADDRESS } from '../../support/realistic-shop.ts';

export { linkIn };

export const E2E_ADMIN = { email: 'admin@hwds-e2e.test', password: 'Admin-2026!E2e' } as const;
export const CUSTOMER_PASSWORD = 'Sommer-2026!A';

export interface Account {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  userEmail: string;
  password: string;
}

const outboxDir = () => path.join(process.env.E2E_DATA_DIR as string, 'outbox');

/** Mails in the e2e server's outbox to `address`, oldest first. */
export const mailsTo = (address: string): ReceivedMail[] => mailsIn(outboxDir(), address);

/** Waits for the mail number `count` (1-based) to `address` with that subject. */
export async function waitForMail(address: string, subject: string, count = 1): Promise<ReceivedMail> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      () => {
        found = mailsTo(address).filter((mail) => mail.subject === subject);
        return found.length;
      },
      { message: `mail "${subject}" to ${address}`, timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found[count - 1] as ReceivedMail;
}

export const CONFIRMATION_SUBJECT = 'Bitte bestätigen Sie Ihre E-Mail-Adresse';
export const RESET_SUBJECT = 'Ihr Link zum Zurücksetzen des Passworts';

export function newAccount(overrides: Partial<Account> = {}): Account {
  return {
    firstName: 'Anna',
    lastName: 'Müller',
    phoneNumber: '0611123456',
    userEmail: `kunde-${Date.now()}-${randomBytes(3).toString('hex')}@example.de`,
    password: CUSTOMER_PASSWORD,
    ...overrides,
  };
}

/**
 * Registers and confirms a customer through the API, as the mail link would, with the billing
 * address a customer gives before the first order (docs/product.md#d37-invoices); `token` is the
 * access token of the login that gave the address.
 */
export async function confirmedCustomer(
  request: APIRequestContext,
  overrides: Partial<Account> = {},
): Promise<Account & { token: string }> {
  const account = newAccount(overrides);
  const registered = await request.post('/api/auth/register', { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const code = new URL(
    linkIn(await waitForMail(account.userEmail, CONFIRMATION_SUBJECT), '/auth/confirm'),
  ).searchParams.get('code');
  expect((await request.get(`/api/auth/confirm?code=${code}`)).status()).toBe(200);
  const token = await accessTokenFor(request, account.userEmail, account.password);
  const billing = await request.put('/api/users/me/billing-address', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...REALISTIC_BILLING_ADDRESS, name: `${account.firstName} ${account.lastName}` },
  });
  expect(billing.status(), await billing.text()).toBe(200);
  return { ...account, token };
}

export async function accessTokenFor(request: APIRequestContext, userEmail: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { userEmail, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Logs the page's browser in the way the app does after a login (keys accessToken, isAuthorized). */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((accessToken) => {
    if (sessionStorage.getItem('signedIn')) return; // once: a later logout must stick
    sessionStorage.setItem('signedIn', '1');
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('isAuthorized', 'true');
  }, token);
}
