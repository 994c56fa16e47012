/**
 * Consumer law as customers and staff meet it (docs/product.md#d31-consumer-law,
 * #d35-maintenance-terms): the withdrawal function and the cancellation button (every declaration
 * received and confirmed at once with its content, date and time; one naming an order of the
 * sender's account marks it for staff; nothing tells a stranger whether an order exists), the
 * express request for a start within the withdrawal period, and the confirmation mail as the contract on
 * a durable medium.
 */

import { eq, ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminCancellationView,
  CANCELLATION_MESSAGES,
  type CancellationView,
} from '../../src/lib/cancellations.ts';
import { addDays, formatGermanDate, lastDayOfTerm } from '../../src/lib/dates.ts';
import { DECLARATION_MESSAGES } from '../../src/lib/declarations.ts';
import { formatEuros } from '../../src/lib/money.ts';
import { EARLY_START_CONSENT, EARLY_START_REQUIRED } from '../../src/lib/withdrawal-period.ts';
import type { AdminWithdrawalView, WithdrawalView } from '../../src/lib/withdrawals.ts';
import { bookings, mailQueue } from '../../src/server/db/schema.ts';
import type { BookingView } from '../../src/server/features/bookings/bookings.views.ts';
import { remindRenewals } from '../../src/server/features/maintenance/renewal-reminders.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/server/http/rate-limit-defaults.ts';
import {
  addToCart,
  createCategory,
  type MadeCategory,
  payCartByCard,
  REALISTIC_CUSTOMER,
} from '../support/realistic-shop.ts';
import {
  answer,
  createTestApi,
  type ErrorBody,
  inDays,
  SITE_URL,
  type TestApi,
  type TestUser,
} from './support/test-api.ts';

let api: TestApi;
let admin: TestUser;
let category: MadeCategory;
let maintenance: MadeCategory;

beforeAll(async () => {
  api = await createTestApi({
    rateLimits: {
      declarationsPerAddress: { limit: 3, windowSeconds: 3600 },
      declarationReceiptsPerRecipient: DEFAULT_RATE_LIMITS.declarationReceiptsPerRecipient,
    },
  });
  admin = await api.admin();
  category = await createCategory(api.send, admin.token, {
    articles: [{ type: 'Fotoshooting halber Tag (4 Stunden) in Ihren Räumen', price: 690 }],
  });
  maintenance = await createCategory(api.send, admin.token, {
    type: 'Wartung',
    articles: [
      { type: 'Wartung Premium für Ihren Online-Shop mit Warenwirtschaftsanbindung', price: 120, unit: 'month' },
    ],
  });
});

afterAll(() => api.close());

let address = 0;
/** Each declaration from an address of its own, except where the test is about the limit. */
const withdraw = (body: unknown, from = `198.51.100.${++address}`, token?: string) =>
  answer<WithdrawalView & ErrorBody>(api.request('POST', '/withdrawals', { body, address: from, token }));
const declarations = async () =>
  (await answer<AdminWithdrawalView[]>(api.request('GET', '/admin/withdrawals', { token: admin.token }))).body;

const cancel = (body: unknown, from = `198.51.100.${++address}`) =>
  answer<CancellationView & ErrorBody>(api.request('POST', '/cancellations', { body, address: from }));
const cancellationList = async () =>
  (await answer<AdminCancellationView[]>(api.request('GET', '/admin/cancellations', { token: admin.token }))).body;

async function customerWithPaidBooking(): Promise<{ customer: TestUser; orderNumber: string }> {
  const customer = await api.user(REALISTIC_CUSTOMER);
  await addToCart(api.send, customer.token, category.articles);
  return { customer, orderNumber: (await payCartByCard(api.send, customer.token)).bookingNumber };
}

describe('a withdrawal declaration', () => {
  it('is received without an account and acknowledged at once with its content, date and time', async () => {
    const sent = await withdraw({
      name: 'Erika Mustermann',
      email: 'erika@example.de',
      orderNumber: 'HWDS-ABCD2345',
      reason: 'Ich habe mich anders entschieden.',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      name: 'Erika Mustermann',
      email: 'erika@example.de',
      orderNumber: 'HWDS-ABCD2345',
    });
    const receipt = await api.lastMailTo('erika@example.de', 'Eingangsbestätigung Ihres Widerrufs');
    expect(receipt.text).toContain('Hallo Erika Mustermann,');
    expect(receipt.text).toContain('den Vertrag zur Bestellung HWDS-ABCD2345 zu widerrufen');
    expect(receipt.text).toContain('Name: Erika Mustermann');
    // Sent without logging in to that address: the free reason is not repeated to it.
    expect(receipt.text).toContain('Grund: angegeben; hier nicht wiederholt, da die Erklärung ohne Anmeldung einging');
    // The date and the time, in Germany, as the law asks for the receipt.
    expect(receipt.text).toMatch(/Eingegangen am \d{1,2}\. \p{L}+ \d{4} um \d{2}:\d{2}:\d{2} Uhr/u);
    const notice = await api.lastMailTo('kontakt@hwds-agentur.de', 'Widerruf eingegangen: HWDS-ABCD2345');
    expect(notice.text).toContain('passt zu keiner Bestellung');
    expect(notice.text).toContain('Grund: Ich habe mich anders entschieden.');
  });

  it('relays no mail: a stranger’s text reaches another inbox without links, 3 receipts a day, the rest kept for staff', async () => {
    const phishing = {
      name: 'Sicherheitsteam www.hausbank-sicherheit.example',
      orderNumber: 'hausbank.example/login',
      reason: 'Ihr Konto ist gesperrt. Entsperren Sie es unter https://hausbank-sicherheit.example/login',
    };
    const inbox = [
      'opfer@example.de',
      'Opfer@Example.de',
      'opfer+1@example.de',
      'opfer+2@example.de',
      'opfer@example.de',
    ];
    const sent = await Promise.all(inbox.map((email) => withdraw({ ...phishing, email })));
    // Every declaration is received and answered alike.
    expect(sent.map(({ status, body }) => [status, body.name])).toEqual(inbox.map(() => [201, phishing.name]));
    const queued = await api.db.select().from(mailQueue).where(ilike(mailQueue.recipient, 'opfer%@example.de'));
    expect(queued).toHaveLength(3);
    for (const receipt of queued) {
      // Nothing a mail program would make a link of: the shop's own link to the notice is the only one.
      expect(receipt.text.match(/https?:\/\/\S+|www\.\S+|\S+\.example\S*/gi)).toEqual([
        `${SITE_URL}/widerrufsbelehrung`,
      ]);
      expect(receipt.text).not.toContain('gesperrt');
      expect(receipt.text).toContain('Name: Sicherheitsteam www[.]hausbank-sicherheit[.]example');
      expect(receipt.text).toContain('Bestellnummer: HAUSBANK[.]EXAMPLE/LOGIN');
    }
    // Staff get every declaration as typed, and learn which receipts were not mailed.
    const notices = await api.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.subject, 'Widerruf eingegangen: HAUSBANK.EXAMPLE/LOGIN'));
    expect(notices).toHaveLength(5);
    expect(notices.every((notice) => notice.text.includes(phishing.reason))).toBe(true);
    expect(notices.filter((notice) => notice.text.includes('wurde nicht verschickt'))).toHaveLength(2);
    const ids = new Set(sent.map(({ body }) => body.id));
    expect((await declarations()).filter((declaration) => ids.has(declaration.id))).toHaveLength(5);
  });

  it('needs no booking number, and takes one typed in lower case with spaces', async () => {
    expect((await withdraw({ name: 'Jan Ohne', email: 'jan@example.de' })).body.orderNumber).toBe('');
    expect(
      (await withdraw({ name: 'Jan', email: 'jan@example.de', orderNumber: ' hwds-7k3m 9q2x ' })).body.orderNumber,
    ).toBe('HWDS-7K3M9Q2X');
  });

  it('names what is missing or wrong in German, and sends nothing', async () => {
    const before = api.mails().length;
    const refused = await withdraw({ name: ' ', email: 'keine-adresse' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { fieldName: 'name', message: DECLARATION_MESSAGES.nameRequired },
      { fieldName: 'email', message: DECLARATION_MESSAGES.emailInvalid },
    ]);
    expect(api.mails()).toHaveLength(before);
  });

  it('takes a name in letters of any alphabet, never emoji, digits or symbols', async () => {
    for (const name of ['Dr. Zoë O’Brien-Şahin', 'Анна Иванова', 'José María de la Cruz']) {
      expect((await withdraw({ name, email: 'name@example.de' })).status).toBe(201);
    }
    for (const name of ['😀😀😀', 'Anna 2000', 'www.example.com/gewinn', '<b>Anna</b>']) {
      expect((await withdraw({ name, email: 'name@example.de' })).body.errors).toEqual([
        { fieldName: 'name', message: DECLARATION_MESSAGES.nameLetters },
      ]);
    }
  });

  it('marks the order of the sender’s account, whatever the case of the address', async () => {
    const { customer, orderNumber } = await customerWithPaidBooking();
    const sent = await withdraw({
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.userEmail.toUpperCase(),
      orderNumber: orderNumber.toLowerCase(),
    });
    expect(sent.status).toBe(201);
    const listed = (await declarations()).find((declaration) => declaration.id === sent.body.id);
    expect(listed?.bookingId).toBeTypeOf('number');
    expect(listed?.inPeriod).toBe(true);
    const notice = await api.lastMailTo('kontakt@hwds-agentur.de', `Widerruf eingegangen: ${orderNumber}`);
    expect(notice.text).toContain('als widerrufen markiert');
  });

  it('sent logged in to the receipt’s address, is repeated as typed, past the daily cap too', async () => {
    const { customer, orderNumber } = await customerWithPaidBooking();
    const reason = 'Die Seite www.mein-laden.example bleibt doch bei der alten Agentur.';
    for (let sent = 0; sent < 4; sent++) {
      const body = { name: 'Anna Müller', email: customer.userEmail, orderNumber, reason };
      expect((await withdraw(body, undefined, customer.token)).status).toBe(201);
    }
    const receipts = await api.db.select().from(mailQueue).where(eq(mailQueue.recipient, customer.userEmail));
    const withdrawn = receipts.filter((mail) => mail.subject === 'Eingangsbestätigung Ihres Widerrufs');
    expect(withdrawn).toHaveLength(4);
    expect(withdrawn[3]?.text).toContain(`Grund: ${reason}`);
  });

  it('of someone else’s order is received the same way, and marks nothing', async () => {
    const { orderNumber } = await customerWithPaidBooking();
    const stranger = await withdraw({ name: 'Fremde Person', email: 'fremd@example.de', orderNumber });
    expect(stranger.status).toBe(201);
    expect(Object.keys(stranger.body).sort()).toEqual(['email', 'id', 'name', 'orderNumber', 'reason', 'receivedAt']);
    expect((await declarations()).find((declaration) => declaration.id === stranger.body.id)?.bookingId).toBeNull();
  });

  it('can be sent a few times an hour from one address, with cancellations, so nobody floods an inbox with receipts', async () => {
    const from = '203.0.113.77';
    for (let sent = 0; sent < 2; sent++) {
      expect((await withdraw({ name: 'Max', email: 'max@example.de' }, from)).status).toBe(201);
    }
    expect((await cancel({ name: 'Max', email: 'max@example.de', kind: 'ordinary' }, from)).status).toBe(201);
    expect((await cancel({ name: 'Max', email: 'max@example.de', kind: 'ordinary' }, from)).status).toBe(429);
    const refused = await withdraw({ name: 'Max', email: 'max@example.de' }, from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Zu viele Versuche\./);
  });
});

describe('staff’s list of declarations', () => {
  it('is for administrators only', async () => {
    const customer = await api.user();
    expect((await api.request('GET', '/admin/withdrawals')).status).toBe(401);
    expect((await api.request('GET', '/admin/withdrawals', { token: customer.token })).status).toBe(403);
  });

  it('lists every declaration, newest first', async () => {
    const list = await declarations();
    expect(list.length).toBeGreaterThanOrEqual(5);
    const times = list.map((declaration) => declaration.receivedAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('a cancellation through the cancellation button', () => {
  it('is received without an account and confirmed at once with its content, date and time, and when the contract ends', async () => {
    const sent = await cancel({
      name: 'Hans-Jürgen Großmann',
      email: 'hj@example.de',
      kind: 'ordinary',
      reason: 'zu teuer',
    });
    expect(sent.status).toBe(201);
    // Nothing about an order (or its term) goes to whoever sent it: that is for the mail to the account.
    expect(sent.body).toEqual({
      id: sent.body.id,
      receivedAt: sent.body.receivedAt,
      name: 'Hans-Jürgen Großmann',
      email: 'hj@example.de',
      orderNumber: '',
      kind: 'ordinary',
      reason: '',
      endDate: '',
    });
    const receipt = await api.lastMailTo('hj@example.de', 'Bestätigung Ihrer Kündigung');
    for (const text of [
      'Hallo Hans-Jürgen Großmann,',
      'über die Schaltfläche „Jetzt kündigen“',
      'Art der Kündigung: Ordentliche Kündigung',
      'Gewünschtes Vertragsende: zum frühestmöglichen Zeitpunkt',
      'Ihr Vertrag endet mit dem letzten Tag der gebuchten Laufzeit, dem frühestmöglichen Zeitpunkt',
    ]) {
      expect(receipt.text, text).toContain(text);
    }
    expect(receipt.text).toMatch(/Eingegangen am \d{1,2}\. \p{L}+ \d{4} um \d{2}:\d{2}:\d{2} Uhr/u);
    const notice = await api.lastMailTo('kontakt@hwds-agentur.de', 'Kündigung eingegangen');
    expect(notice.text).toContain('passt zu keiner Bestellung');
  });

  it('names in German what is missing or wrong: the reason of an extraordinary one, the kind, the date; and sends nothing', async () => {
    const before = api.mails().length;
    const person = { name: 'Anna', email: 'anna@example.de' };
    const errors = async (body: object) => {
      const refused = await cancel({ ...person, ...body });
      expect(refused.status).toBe(400);
      return refused.body.errors;
    };
    expect(await errors({ kind: 'extraordinary', reason: '  ' })).toEqual([
      { fieldName: 'reason', message: CANCELLATION_MESSAGES.reasonRequired },
    ]);
    expect(await errors({ kind: 'fristlos' })).toEqual([
      { fieldName: 'kind', message: CANCELLATION_MESSAGES.kindRequired },
    ]);
    expect(await errors({ kind: 'ordinary', endDate: '2020-01-31' })).toEqual([
      { fieldName: 'endDate', message: CANCELLATION_MESSAGES.endDatePast },
    ]);
    expect(await errors({ kind: 'ordinary', endDate: '31.12.2027' })).toEqual([
      { fieldName: 'endDate', message: CANCELLATION_MESSAGES.endDateInvalid },
    ]);
    expect(api.mails()).toHaveLength(before);
  });

  it('ends a customer’s maintenance term: an ordinary one on its last day, an extraordinary one on the wished day', async () => {
    const customer = await api.user(REALISTIC_CUSTOMER);
    await addToCart(api.send, customer.token, maintenance.articles);
    const order = await payCartByCard(api.send, customer.token);
    const termEnd = lastDayOfTerm(inDays(7), 12); // booked for a year, as customers do
    const person = { name: `${customer.firstName} ${customer.lastName}`, email: customer.userEmail };

    // A wished day before the term's end changes nothing: the term is paid and ends by itself.
    const ordinary = await cancel({
      ...person,
      orderNumber: order.bookingNumber.toLowerCase(),
      kind: 'ordinary',
      endDate: inDays(1),
    });
    expect(ordinary.status).toBe(201);
    const receipt = await api.lastMailTo(person.email, 'Bestätigung Ihrer Kündigung');
    expect(receipt.text).toContain(
      `Ihr Vertrag zur Bestellung ${order.bookingNumber} endet durch Ihre Kündigung am ${formatGermanDate(termEnd)}, dem letzten Tag der gebuchten Laufzeit`,
    );
    expect(receipt.text).toContain(`Gewünschtes Vertragsende: ${formatGermanDate(inDays(1))}`);
    const notice = await api.lastMailTo('kontakt@hwds-agentur.de', `Kündigung eingegangen: ${order.bookingNumber}`);
    expect(notice.text).toContain(`der Wartungsvertrag endet am ${formatGermanDate(termEnd)}`);

    const extraordinary = await cancel({
      ...person,
      orderNumber: order.bookingNumber,
      kind: 'extraordinary',
      reason: 'Wir schließen unser Geschäft zum Monatsende.',
      endDate: inDays(30),
    });
    expect(extraordinary.status).toBe(201);
    const list = await cancellationList();
    expect(list.find((entry) => entry.id === ordinary.body.id)).toMatchObject({
      bookingId: order.id,
      contractEndsOn: termEnd,
    });
    expect(list.find((entry) => entry.id === extraordinary.body.id)).toMatchObject({
      bookingId: order.id,
      kind: 'extraordinary',
      reason: 'Wir schließen unser Geschäft zum Monatsende.',
      contractEndsOn: inDays(30),
    });

    // A cancelled term is not one to be reminded to renew.
    expect(await remindRenewals(api.deps, addDays(termEnd, -30))).toBe(0);

    // The order shows the first one, to the customer and to staff.
    const [booking] = (await answer<BookingView[]>(api.request('GET', '/booking/get', { token: customer.token }))).body;
    expect(booking?.cancelledAt).toBe(ordinary.body.receivedAt);
  });

  it('of someone else’s order marks nothing and names no end day', async () => {
    const { orderNumber } = await customerWithPaidBooking();
    const stranger = await cancel({ name: 'Fremde Person', email: 'fremd@example.de', orderNumber, kind: 'ordinary' });
    expect(stranger.status).toBe(201);
    expect((await cancellationList()).find((entry) => entry.id === stranger.body.id)).toMatchObject({
      bookingId: null,
      contractEndsOn: null,
    });
  });

  it('from a stranger repeats its reason, part of its content, with nothing that reads as a link', async () => {
    const reason = 'Neue Zugangsdaten: https://konto-pruefung.example/anmelden oder info@konto-pruefung.example';
    const sent = await cancel({ name: 'Kundendienst', email: 'kuendiger@example.de', kind: 'extraordinary', reason });
    expect(sent.status).toBe(201);
    const receipt = await api.lastMailTo('kuendiger@example.de', 'Bestätigung Ihrer Kündigung');
    expect(receipt.text).toContain(
      'Grund: Neue Zugangsdaten: https[:]//konto-pruefung[.]example/anmelden oder info[at]konto-pruefung[.]example',
    );
    expect(receipt.text).not.toContain('konto-pruefung.example');
  });

  it('is listed for administrators only, newest first', async () => {
    const customer = await api.user();
    expect((await api.request('GET', '/admin/cancellations')).status).toBe(401);
    expect((await api.request('GET', '/admin/cancellations', { token: customer.token })).status).toBe(403);
    const times = (await cancellationList()).map((entry) => entry.receivedAt);
    expect(times.length).toBeGreaterThanOrEqual(4);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('a start within the withdrawal period', () => {
  const start = (user: TestUser, body: Record<string, unknown>) =>
    answer<{ bookingId: number } & ErrorBody>(
      api.request('POST', '/payment/stripe/checkout-session', { token: user.token, body }),
    );
  const consentOf = async (bookingId: number) =>
    (await api.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]?.earlyStartConsentAt;
  const customerBooking = async (startInDays: number) => {
    const customer = await api.user(REALISTIC_CUSTOMER);
    const [article] = category.articles;
    const added = await api.request('POST', `/cart/article/${article?.id}`, {
      token: customer.token,
      body: { entryDate: inDays(startInDays), departureDate: inDays(startInDays + 1) },
    });
    expect(added.status).toBe(201);
    return customer;
  };

  it('needs the customer’s express request: without it nothing is booked, for card and PayPal', async () => {
    const customer = await customerBooking(5);
    expect(await start(customer, {})).toMatchObject({ status: 400, body: { message: EARLY_START_REQUIRED } });
    const paypal = await answer<ErrorBody>(
      api.request('POST', '/payment/paypal/orders', { token: customer.token, body: { earlyStart: false } }),
    );
    expect(paypal).toMatchObject({ status: 400, body: { message: EARLY_START_REQUIRED } });
    expect((await answer<unknown[]>(api.request('GET', '/booking/get', { token: customer.token }))).body).toEqual([]);
  });

  it('stores the request with its time; a later appointment needs none and stores none', async () => {
    const early = await customerBooking(14);
    const started = await start(early, { earlyStart: true });
    expect(started.status).toBe(200);
    expect(await consentOf(started.body.bookingId)).toBeInstanceOf(Date);

    const later = await customerBooking(15);
    const calm = await start(later, {});
    expect(calm.status).toBe(200);
    expect(await consentOf(calm.body.bookingId)).toBeNull();
  });
});

describe('the confirmation mail', () => {
  it('is the contract on a durable medium: seller, order, prices, early start, the way to withdraw, terms and notice', async () => {
    const customer = await api.user(REALISTIC_CUSTOMER);
    await addToCart(api.send, customer.token, category.articles);
    const order = await payCartByCard(api.send, customer.token);
    const mail = await api.lastMailTo(customer.userEmail, `Ihre Bestellung ${order.bookingNumber} bei HWDS`);
    for (const text of [
      'Ihr Vertragspartner: HWDS Web- und Design-Service Daniel Hoffmann, Rheinstraße 48, 65185 Wiesbaden, Deutschland, Telefon: +49 611 98765430, E-Mail: kontakt@hwds-agentur.de',
      'Fotoshooting halber Tag (4 Stunden) in Ihren Räumen',
      `Gesamtbetrag: ${formatEuros(690)}. Alle Preise in Euro inklusive 19 % Umsatzsteuer.`,
      EARLY_START_CONSENT,
      `${SITE_URL}/widerruf?bestellung=${order.bookingNumber}`,
      '— Allgemeine Geschäftsbedingungen —',
      '§ 2 Vertragsschluss',
      'Der Vertrag kommt zustande, wenn die Zahlung über den gewählten Zahlungsdienst',
      '— Widerrufsbelehrung und Muster-Widerrufsformular —',
      'müssen Sie uns (HWDS Web- und Design-Service Daniel Hoffmann, Rheinstraße 48',
      `Vertrag widerrufen (${SITE_URL}/widerruf)`,
      'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag',
    ]) {
      expect(mail.text, text).toContain(text);
    }
    expect(mail.text).not.toContain('{{');
    expect(mail.text).not.toContain('**');
  });
});
