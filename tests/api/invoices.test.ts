/**
 * Invoices (docs/product.md#d37-invoices): the billing address and its rules, the invoice issued
 * with the payment (RE-YYYY-NNNNN, consecutive, once), its PDF for owner and staff only, the same
 * bytes in every download and in the confirmation mail, the correcting invoice of a refund; every PDF
 * checked with the EU's EN 16931 artefacts, in both VAT modes. Runs on PGlite and PostgreSQL,
 * where twenty orders paid at the same moment get twenty consecutive numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../../src/lib/billing-address.ts';
import { INVOICE_CHARACTER_MESSAGES } from '../../src/lib/invoice-characters.ts';
import type { BookingView } from '../../src/server/features/bookings/bookings.views.ts';
import { checkEInvoices } from '../support/einvoice.ts';
import {
  addToCart,
  createCategory,
  type MadeCategory,
  payCartByCard,
  REALISTIC_BILLING_ADDRESS,
  REALISTIC_CATEGORIES,
  refundBooking,
} from '../support/realistic-shop.ts';
import {
  answer,
  BILLING_ADDRESS,
  createTestApi,
  type ErrorBody,
  type TestApi,
  type TestUser,
} from './support/test-api.ts';

const INVOICE_NUMBER = /^RE-\d{4}-\d{5}$/;
const sequenceOf = (number: string) => Number(number.slice(-5));

/** The trade fair articles (long names, prices from 0,50 € to 18.500 €), without photos to upload. */
const tradeFair = (api: TestApi, admin: TestUser) =>
  createCategory(api.send, admin.token, { ...REALISTIC_CATEGORIES.fivePhotos, photos: [] });

const download = (api: TestApi, bookingId: number, kind: 'invoice' | 'credit-note', token?: string) =>
  api.request('GET', `/booking/${bookingId}/${kind}`, token === undefined ? {} : { token });

const pdfOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/**
 * A cart as an agency's customer fills it: a flat-price item, 2,25 m² of banner, 3 beach flags,
 * 1,5 hours of design, a year of maintenance (with its yearly discount), and the 18.500 € stand.
 */
async function bookInEveryUnit(api: TestApi, customer: TestUser, category: MadeCategory) {
  const [rollUp, , banner, , , stand, flag, , design, maintenance] = category.articles;
  const wanted = [
    [rollUp, 1],
    [banner, 2.25],
    [flag, 3],
    [design, 1.5],
    [maintenance, 12],
    [stand, 1],
  ] as const;
  for (const [index, [article, quantity]] of wanted.entries()) {
    const entryDate = `2027-0${index + 2}-01`;
    const added = await api.request('POST', `/cart/article/${article?.id}`, {
      token: customer.token,
      body: { entryDate, departureDate: `2027-0${index + 2}-03`, quantity },
    });
    expect(added.status, await added.clone().text()).toBe(201);
  }
}

describe('the billing address', () => {
  let api: TestApi;
  let customer: TestUser;

  beforeAll(async () => {
    api = await createTestApi();
    customer = await api.user();
  });
  afterAll(() => api.close());

  const put = (body: Record<string, unknown>, token = customer.token) =>
    answer<ErrorBody & Record<string, string>>(api.request('PUT', '/users/me/billing-address', { token, body }));

  it('is asked for before the first payment, and a payment without one places no order', async () => {
    const newcomer = await api.user({}, { billingAddress: false });
    expect((await api.request('GET', '/users/me/billing-address', { token: newcomer.token })).status).toBe(404);
    const added = await api.request('POST', '/cart/article/1', {
      token: newcomer.token,
      body: { entryDate: '2027-03-01', departureDate: '2027-03-02' },
    });
    expect(added.status).toBe(201);
    const started = await answer<ErrorBody>(
      api.request('POST', '/payment/stripe/checkout-session', { token: newcomer.token, body: { earlyStart: true } }),
    );
    expect(started).toMatchObject({ status: 400, body: { message: BILLING_MESSAGES.missing } });
    expect(await (await api.request('GET', '/booking/get', { token: newcomer.token })).json()).toEqual([]);
    expect((await api.request('GET', '/users/me/billing-address')).status).toBe(401);
  });

  it('takes an address abroad, normalised: country and VAT number as the tax offices write them', async () => {
    const stored = await put({
      name: 'Maria Öztürk',
      street: 'Mariahilfer Straße 1',
      postalCode: '1060',
      city: 'Wien',
      country: ' at ',
      vatId: 'atu 12345678',
    });
    expect(stored).toMatchObject({ status: 200, body: { country: 'AT', vatId: 'ATU12345678', company: '' } });
    expect(await answer(api.request('GET', '/users/me/billing-address', { token: customer.token }))).toMatchObject({
      status: 200,
      body: { name: 'Maria Öztürk', city: 'Wien', country: 'AT' },
    });
  });

  it('takes names in Latin letters with any accent: Polish, Czech, Turkish, Romanian, Baltic, Nordic', async () => {
    for (const name of ['Zofia Wiśniewska-Dvořák', 'Şükrü Çelik', 'Ștefan Țurcanu', 'Jānis Bērziņš', 'Ægir Þórsson']) {
      expect((await put({ ...BILLING_ADDRESS, name })).body.name).toBe(name);
    }
  });

  it.each([
    [{ postalCode: '6518' }, 'postalCode', BILLING_MESSAGES.postalCodeGerman],
    [{ vatId: 'DE136695977' }, 'vatId', BILLING_MESSAGES.vatIdCheckDigit],
    [{ vatId: 'DE12345' }, 'vatId', BILLING_MESSAGES.vatIdFormat],
    [{ vatId: 'ATU12345678' }, 'vatId', BILLING_MESSAGES.vatIdCountry],
    [{ country: 'XX' }, 'country', BILLING_MESSAGES.countryInvalid],
    [{ name: '   ' }, 'name', BILLING_MESSAGES.nameRequired],
    [{ street: undefined }, 'street', BILLING_MESSAGES.streetRequired],
    [{ city: 'x'.repeat(61) }, 'city', BILLING_MESSAGES.tooLong(60)],
    // One line each, as the invoice prints it (a line break would add a line to a tax document).
    [{ street: 'Hauptstraße 1\nHinterhaus' }, 'street', INVOICE_CHARACTER_MESSAGES.oneLine],
    [{ company: 'Muster GmbH\r\nz. Hd. Buchhaltung' }, 'company', INVOICE_CHARACTER_MESSAGES.oneLine],
    [{ name: 'Anna\tMüller' }, 'name', INVOICE_CHARACTER_MESSAGES.oneLine],
    [{ city: 'Wiesbaden\u2028Biebrich' }, 'city', INVOICE_CHARACTER_MESSAGES.oneLine],
    // Only what the invoice's typeface prints.
    [{ name: '😀😀😀' }, 'name', INVOICE_CHARACTER_MESSAGES.unprintable('😀')],
    [{ name: 'Анна Иванова' }, 'name', INVOICE_CHARACTER_MESSAGES.unprintable('А')],
    [{ city: '北京' }, 'city', INVOICE_CHARACTER_MESSAGES.unprintable('北')],
  ])('refuses %o with a German message for its field', async (change, field, message) => {
    const { status, body } = await put({ ...BILLING_ADDRESS, ...change });
    expect(status).toBe(400);
    expect(body.errors).toContainEqual(expect.objectContaining({ fieldName: field, message }));
  });
});

describe('invoices', () => {
  let api: TestApi;
  let admin: TestUser;
  let category: MadeCategory;
  let customer: TestUser;
  let order: BookingView;
  const pdfs: Uint8Array[] = [];

  beforeAll(async () => {
    api = await createTestApi();
    admin = await api.admin();
    category = await tradeFair(api, admin);
    customer = await api.user({ firstName: 'Hans-Jürgen', lastName: 'Müller-Lüdenscheidt' });
    await api.request('PUT', '/users/me/billing-address', { token: customer.token, body: REALISTIC_BILLING_ADDRESS });
    await bookInEveryUnit(api, customer, category);
    order = await payCartByCard(api.send, customer.token);
  });
  afterAll(() => api.close());

  it('are issued with the payment: the order names its invoice, the PDF is for its owner and for staff', async () => {
    expect(order.invoiceNumber).toMatch(INVOICE_NUMBER);
    expect(order.creditNoteNumber).toBeNull();
    const first = await download(api, order.id, 'invoice', customer.token);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('content-disposition')).toBe(`attachment; filename="Rechnung-${order.invoiceNumber}.pdf"`);
    const bytes = await pdfOf(first);
    pdfs.push(bytes);
    // Made once: staff and a second download get the very same file.
    expect(await pdfOf(await download(api, order.id, 'invoice', admin.token))).toEqual(bytes);
    expect(await pdfOf(await download(api, order.id, 'invoice', customer.token))).toEqual(bytes);

    const other = await api.user();
    expect((await download(api, order.id, 'invoice', other.token)).status).toBe(404);
    expect((await download(api, order.id, 'invoice')).status).toBe(401);
    expect((await download(api, 999_999, 'invoice', admin.token)).status).toBe(404);
    expect((await download(api, order.id, 'credit-note', customer.token)).status).toBe(404);
  });

  it('go with the confirmation mail, the same PDF', async () => {
    const mail = await api.lastMailTo(customer.userEmail, `Ihre Bestellung ${order.bookingNumber} bei HWDS`);
    expect(mail.text).toContain(`Ihre Rechnung ${order.invoiceNumber} liegt dieser E-Mail als PDF bei`);
    expect(mail.attachments).toEqual([
      {
        filename: `Rechnung-${order.invoiceNumber}.pdf`,
        contentType: 'application/pdf',
        content: Buffer.from(pdfs[0] as Uint8Array),
      },
    ]);
  });

  it('are not issued for an order that is not paid', async () => {
    const waiting = await api.user();
    await addToCart(api.send, waiting.token, category.articles.slice(0, 1));
    const started = await answer<{ bookingId: number }>(
      api.request('POST', '/payment/stripe/checkout-session', { token: waiting.token, body: { earlyStart: true } }),
    );
    expect((await download(api, started.body.bookingId, 'invoice', waiting.token)).status).toBe(404);
  });

  it('a refund issues the correcting invoice with the next number, referring to the invoice', async () => {
    await refundBooking(api.send, admin.token, order.id);
    const [refunded] = (await (
      await api.request('GET', '/booking/get', { token: customer.token })
    ).json()) as BookingView[];
    const creditNote = refunded?.creditNoteNumber ?? '';
    expect(creditNote).toMatch(INVOICE_NUMBER);
    expect(sequenceOf(creditNote)).toBeGreaterThan(sequenceOf(order.invoiceNumber ?? ''));
    const response = await download(api, order.id, 'credit-note', customer.token);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Rechnungskorrektur-${creditNote}.pdf"`,
    );
    const bytes = await pdfOf(response);
    pdfs.push(bytes);
    const mail = await api.lastMailTo(customer.userEmail, `Erstattung Ihrer Bestellung ${order.bookingNumber}`);
    expect(mail.attachments.map((file) => file.filename)).toEqual([`Rechnungskorrektur-${creditNote}.pdf`]);
  });

  // Java starts and compiles the EU's rules once for all files: seconds, more on a busy machine.
  it('meet EN 16931 and say what § 14 UStG asks, in both VAT modes', { timeout: 180_000 }, async () => {
    const small = await createTestApi({
      company: { vat: { mode: 'smallBusiness' }, vatId: undefined, taxNumber: '040 123 45678' },
    });
    try {
      const smallAdmin = await small.admin();
      const articles = (await tradeFair(small, smallAdmin)).articles;
      const buyer = await small.user();
      // One position here, six in the first invoice: both shapes are checked.
      await addToCart(small.send, buyer.token, articles.slice(1, 2));
      const smallBooking = await payCartByCard(small.send, buyer.token);
      pdfs.push(await pdfOf(await download(small, smallBooking.id, 'invoice', buyer.token)));
    } finally {
      await small.close();
    }

    const [invoice, creditNote, smallBusiness] = checkEInvoices(pdfs);
    for (const check of [invoice, creditNote, smallBusiness]) {
      expect(check?.findings).toEqual([]);
      expect(check?.conformanceLevel).toBe('EN 16931');
    }
    // Six positions with quantity and unit, the buyer's VAT number, 19 % on the net.
    expect(invoice?.xml.match(/<ram:IncludedSupplyChainTradeLineItem>/g)).toHaveLength(6);
    for (const billed of ['"LS">1<', '"MTK">2.25<', '"H87">3<', '"HUR">1.5<', '"MON">12<']) {
      expect(invoice?.xml).toContain(`<ram:BilledQuantity unitCode=${billed}/ram:BilledQuantity>`);
    }
    for (const words of ['2,25 m²', '12 Monate', '1,5 Stunden', 'abzüglich Rabatt für die Jahreszahlung']) {
      expect(invoice?.text).toContain(words);
    }
    // Every line multiplies out as printed, on paper (gross) and in the data (net, less the allowance).
    const text = (invoice?.text ?? '').replace(/\u00a0/g, ' ');
    expect(text).toMatch(/2,25 m²\s+24,90 €\s+56,03 €/);
    expect(text).toMatch(/12 Monate\s+30,00 €\s+360,00 €/);
    expect(text).toMatch(/abzüglich Rabatt für die Jahreszahlung\s+−54,00 €/);
    for (const item of invoice?.xml.match(
      /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/g,
    ) ?? []) {
      const number = (tag: string) => Number(new RegExp(`<ram:${tag}[^>]*>([\\d.]+)<`).exec(item)?.[1] ?? 0);
      const allowance = number('ActualAmount');
      const computed = Math.round(number('BilledQuantity') * number('ChargeAmount') * 100) / 100 - allowance;
      expect(computed.toFixed(2)).toBe(number('LineTotalAmount').toFixed(2));
    }
    expect(invoice?.xml).toContain('<ram:Reason>Rabatt für die Jahreszahlung</ram:Reason>');
    // The bookkeeper's name prints as typed, beyond Latin-1.
    expect(invoice?.text).toContain('Zofia Wiśniewska-Dvořák');
    expect(invoice?.xml).toContain('DE136695976');
    expect(invoice?.xml).toContain('<ram:RateApplicablePercent>19</ram:RateApplicablePercent>');
    expect(invoice?.xml).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>');
    for (const words of [
      'Rechnung',
      'Rechnungsnummer',
      'Leistungszeitraum',
      'Umsatzsteuer 19 %',
      'Offener Betrag',
      'Müller-Lüdenscheidt Großformatdruck',
    ]) {
      expect(invoice?.text).toContain(words);
    }
    expect(creditNote?.xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(creditNote?.xml).toContain(`<ram:IssuerAssignedID>${order.invoiceNumber}</ram:IssuerAssignedID>`);
    expect(creditNote?.text).toContain('Rechnungskorrektur');
    expect(smallBusiness?.xml).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
    expect(smallBusiness?.text).toContain('§ 19 UStG');
    expect(smallBusiness?.text).not.toContain('Umsatzsteuer 19 %');
  });
});

describe('invoice numbers', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('twenty orders paid at the same moment get twenty consecutive numbers, none twice', {
    timeout: 120_000,
  }, async () => {
    const admin = await api.admin();
    const [article] = (await tradeFair(api, admin)).articles;
    const customers = [];
    for (let index = 0; index < 20; index++) {
      const customer = await api.user();
      await addToCart(api.send, customer.token, article ? [article] : []);
      customers.push(customer);
    }
    const paid = await Promise.all(customers.map((customer) => payCartByCard(api.send, customer.token)));
    const numbers = paid.map((booking) => booking.invoiceNumber ?? '');
    const sequences = numbers.map(sequenceOf).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    const first = sequences[0] ?? 0;
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => first + index));
  });
});
