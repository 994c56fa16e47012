/**
 * What the invoice forms accept is what the invoice prints (docs/product.md#d37-invoices): every
 * character of src/lib/invoice-characters.ts is drawn by both weights of the embedded typeface,
 * and the names of the realistic shop's customers pass while emoji, other scripts and line breaks
 * do not.
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { INVOICE_CHARACTER_MESSAGES, invoiceTextProblem, printsOnInvoice } from '../../src/lib/invoice-characters.ts';
import { embedTypeface } from '../../src/server/features/invoices/invoice-typeface.ts';

describe('characters on an invoice', () => {
  it('are all drawn by the embedded typeface, regular and bold', async () => {
    const { regular, bold } = await embedTypeface(await PDFDocument.create());
    const printable: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const character = String.fromCodePoint(code);
      if (printsOnInvoice(character)) printable.push(character);
    }
    expect(printable.length).toBeGreaterThan(300);
    expect(printable.filter((character) => !regular.covers(character) || !bold.covers(character))).toEqual([]);
  });

  it('include Latin letters with any accent, and refuse what the typeface lacks', () => {
    for (const text of [
      'Zofia Wiśniewska-Dvořák',
      'Şükrü Çelik, İstanbul',
      'Ștefan Țurcanu',
      'Jānis Bērziņš',
      'Ægir Þórsson',
      'Đorđe Petrović',
      'Müller & Söhne GmbH & Co. KG',
      'Beachflag „Tropfen“, 3,20 m – 5 × 2 m²',
    ]) {
      expect(invoiceTextProblem(text), text).toBeUndefined();
    }
    expect(invoiceTextProblem('Anna 😀')).toBe(INVOICE_CHARACTER_MESSAGES.unprintable('😀'));
    expect(invoiceTextProblem('Иван')).toBe(INVOICE_CHARACTER_MESSAGES.unprintable('И'));
    expect(invoiceTextProblem('Straße 1\nHinterhaus')).toBe(INVOICE_CHARACTER_MESSAGES.oneLine);
    expect(invoiceTextProblem('a\u0000b')).toBe(INVOICE_CHARACTER_MESSAGES.oneLine);
  });
});
