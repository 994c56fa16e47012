/**
 * The arithmetic and the checks behind invoices (docs/product.md#d37-invoices): VAT taken out of
 * gross prices so that net plus tax is exactly what was paid, and the USt-IdNr.'s form and check
 * digit.
 */
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, normaliseVatId, vatIdProblem } from '../../src/lib/billing-address.ts';
import { formatInvoiceNumber } from '../../src/lib/invoices.ts';
import { netAmounts } from '../../src/server/features/invoices/invoice-document.ts';

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
