/**
 * The arithmetic, the checks and the layout behind invoices (docs/product.md#d37-invoices): VAT
 * taken out of gross prices so that net plus tax is exactly what was paid, net prices that
 * multiply out, the USt-IdNr.'s form and check digit, and a page no accepted value can push out
 * of shape.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  type BillingAddress,
  BillingAddressSchema,
  normaliseVatId,
  vatIdProblem,
} from '../../src/lib/billing-address.ts';
import { formatInvoiceNumber, type InvoiceDocument } from '../../src/lib/invoices.ts';
import {
  netAmounts,
  netPartsOf,
  type PaidPosition,
  priceLines,
} from '../../src/server/features/invoices/invoice-document.ts';
import { readableInvoice } from '../../src/server/features/invoices/invoice-pdf.ts';

describe('net amounts of gross prices', () => {
  it('add up to the net of the total, rounded half up, so net plus tax is what was paid', () => {
    const gross = [120_000, 36_000 - 5_400, 5_603, 37_500, 9_750, 1_850_000];
    const nets = netAmounts(gross, 19);
    const total = gross.reduce((sum, cents) => sum + cents, 0);
    expect(nets.reduce((sum, cents) => sum + cents, 0)).toBe(Math.round(total / 1.19));
    // Each line is within a cent of its exact share.
    for (const [index, net] of nets.entries()) expect(Math.abs(net - (gross[index] ?? 0) / 1.19)).toBeLessThan(1);
  });

  it('give the leftover cents to the lines with the largest remainders', () => {
    // 0,8403 € + 0,8403 € + 0,8487 € = 2,5294 € → 2,53 €: the cent goes to the third line.
    expect(netAmounts([100, 100, 101], 19)).toEqual([84, 84, 85]);
    // Equal remainders: the earlier line first.
    expect(netAmounts([5, 5, 5], 19)).toEqual([5, 4, 4]);
    expect(netAmounts([1, 1, 1], 19).reduce((sum, cents) => sum + cents, 0)).toBe(3);
  });

  it('are the gross amounts at 0 %', () => {
    expect(netAmounts([1_999, 1], 0)).toEqual([1_999, 1]);
  });
});

describe('VAT numbers', () => {
  it('are written as the tax offices write them', () => {
    expect(normaliseVatId('de 136.695-976')).toBe('DE136695976');
  });

  it.each([
    ['DE136695976', 'DE', undefined],
    ['DE136695977', 'DE', BILLING_MESSAGES.vatIdCheckDigit],
    ['DE12345678', 'DE', BILLING_MESSAGES.vatIdFormat],
    ['ATU12345678', 'AT', undefined],
    ['ATU12345678', 'DE', BILLING_MESSAGES.vatIdCountry],
    ['EL123456789', 'GR', undefined],
    ['NL123456789B01', 'NL', undefined],
    ['XX123', 'DE', BILLING_MESSAGES.vatIdCountry],
  ])('%s for a billing address in %s', (vatId, country, problem) => {
    expect(vatIdProblem(vatId, country)).toBe(problem);
  });
});

it('invoice numbers are RE, the year and five digits', () => {
  expect(formatInvoiceNumber(2027, 42)).toBe('RE-2027-00042');
});

describe('net prices', () => {
  const vat = { mode: 'included', ratePercent: 19 } as const;
  const line = (quantity: number, netCents: number, discountGrossCents = 0) => ({
    name: 'Artikel',
    quantity,
    unit: 'sqm' as const,
    unitGrossCents: 0,
    discountGrossCents,
    grossCents: 0,
    netCents,
    periodStart: '2027-01-01',
    periodEnd: '2027-01-01',
  });

  it('have the decimals it takes for quantity × price to be the line amount', () => {
    expect(netPartsOf(line(5.5, 41_551), vat)).toEqual({ price: '75.547', allowanceCents: 0 });
    expect(netPartsOf(line(2, 10_000), vat)).toEqual({ price: '50.00', allowanceCents: 0 });
    for (const [quantity, cents] of [
      [7.5, 40_966],
      [12, 51_429],
      [2.25, 4_708],
      [999.99, 9_999_999],
    ] as const) {
      const { price } = netPartsOf(line(quantity, cents), vat);
      expect(Math.round(Number(price) * quantity * 100)).toBe(cents);
    }
  });

  it('before the yearly discount, which becomes the line’s allowance', () => {
    // 12 × 60 € less 108 € gross = 612 € gross: 514,29 € net, 90,76 € of it the allowance.
    const { price, allowanceCents } = netPartsOf(line(12, 51_429, 10_800), vat);
    expect(allowanceCents).toBe(9_076);
    expect(Math.round(Number(price) * 12 * 100) - allowanceCents).toBe(51_429);
  });
});

describe('the invoice page', () => {
  /** Every word pdftotext finds, with its box, by page. */
  function words(pdf: Uint8Array) {
    const dir = mkdtempSync(path.join(tmpdir(), 'hwds-invoice-layout-'));
    try {
      writeFileSync(path.join(dir, 'invoice.pdf'), pdf);
      const html = execFileSync('pdftotext', ['-bbox', path.join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
      return html
        .split('<page')
        .slice(1)
        .map((page) =>
          [...page.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g)].map(
            ([, xMin, yMin, xMax, yMax, word]) => ({
              word: word ?? '',
              xMin: Number(xMin),
              yMin: Number(yMin),
              xMax: Number(xMax),
              yMax: Number(yMax),
            }),
          ),
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('holds the longest address the form accepts and long positions within its margins', async () => {
    const longest = (text: string, max: number) =>
      text
        .repeat(Math.ceil(max / text.length))
        .slice(0, max)
        .trim();
    const buyer = v.parse(BillingAddressSchema, {
      name: longest('Zofia Wiśniewska-Dvořák ', 100),
      company: longest('Großformatdruckerzeugnisveredelungsgesellschaft ', 100),
      street: longest('Friedrich-Ebert-Allee 134a, Hinterhaus ', 100),
      postalCode: '00-950',
      city: longest('Wiesbaden-Biebrich am Rhein ', 60),
      country: 'PL',
      vatId: 'PL1234567890',
    }) satisfies BillingAddress;
    const position = (name: string, quantity: number, unitGrossCents: number, discount = 0): PaidPosition => ({
      name,
      quantity,
      unit: 'month',
      unitGrossCents,
      discountGrossCents: discount,
      grossCents: Math.round(quantity * unitGrossCents) - discount,
      periodStart: '2027-01-01',
      periodEnd: '2027-12-31',
    });
    const vat = { mode: 'included', ratePercent: 19 } as const;
    const document: InvoiceDocument = {
      kind: 'invoice',
      number: 'RE-2027-00001',
      issueDate: '2027-01-01',
      orderNumber: 'HWDS-7K3M9Q2X',
      corrects: null,
      seller: {
        legalName: 'HWDS Webagentur',
        representative: 'Max Muster',
        street: 'Rheinstraße 48',
        postalCode: '65185',
        city: 'Wiesbaden',
        countryCode: 'DE',
        email: 'kontakt@hwds-agentur.de',
        phone: '0611 123456',
        vatId: 'DE136695976',
        taxNumber: undefined,
      },
      buyer,
      ...priceLines(
        [
          position(longest('Wartungsvertragsverlängerungsvereinbarung ', 200), 12, 9_999_999, 17_999_998),
          position('Wartung Ihrer Messe-Website mit Ausstellerverzeichnis', 6, 3_000),
        ],
        vat,
      ),
      vat,
      payment: { provider: 'paypal', paidOn: '2027-01-01' },
      testMode: false,
    };
    const pages = words(await readableInvoice(document));
    for (const page of pages) {
      const outside = page.filter((box) => box.xMin < 55 || box.xMax > 595.28 - 55 || box.yMax > 841.89 - 20);
      expect(outside).toEqual([]);
      const overlapping = page.flatMap((box, index) =>
        page
          .slice(index + 1)
          .filter(
            (other) =>
              box.xMin < other.xMax && other.xMin < box.xMax && box.yMin < other.yMax - 1 && other.yMin < box.yMax - 1,
          )
          .map((other) => `${box.word} × ${other.word}`),
      );
      expect(overlapping).toEqual([]);
    }
    const [first = []] = pages;
    const title = first.find((box) => box.word === 'Rechnung');
    const address = first.filter((box) => box.word.includes('Biebrich'));
    expect(address.length).toBeGreaterThan(0);
    // The heading stands below the address, however long it is.
    expect(Math.min(...first.filter((box) => box === title).map((box) => box.yMin))).toBeGreaterThan(
      Math.max(...address.map((box) => box.yMax)),
    );
    expect(pages.flat().map((box) => box.word)).toContain('Wiśniewska-Dvořák');
  });
});
