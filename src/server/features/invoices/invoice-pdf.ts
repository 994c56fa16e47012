/**
 * The readable half of an invoice: an A4 PDF a person files and prints, with the agency's
 * letterhead and everything § 14 Abs. 4 UStG requires (docs/product.md#d37-invoices). Drawn
 * with pdf-lib in the site's typeface, embedded (PDF/A allows no font that is not). Made from
 * the issued document alone and dated with its issue date, so the same invoice always gives the
 * same file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { countryName } from '../../../lib/billing-address.ts';
import { formatAppointment, formatGermanDate } from '../../../lib/dates.ts';
import { INVOICE_KIND_NAMES } from '../../../lib/invoices.ts';
import { formatEuros } from '../../../lib/money.ts';
import { PAYMENT_METHOD_NAMES } from '../../../lib/payments.ts';
import { formatQuantity } from '../../../lib/units.ts';
import { SMALL_BUSINESS_NOTE, unitNetCents } from './factur-x.ts';
import type { InvoiceDocument } from './invoice-document.ts';

const require = createRequire(import.meta.url);
const fontFile = (weight: number) =>
  readFileSync(require.resolve(`@fontsource/figtree/files/figtree-latin-${weight}-normal.woff`));
const FONTS = { regular: fontFile(400), bold: fontFile(700) };

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const FOOTER_TOP = 80;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);
const WARNING = rgb(0.7, 0.1, 0.1);

const euros = (cents: number) => formatEuros(cents / 100);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Words of `text` in lines no wider than `width`; a word longer than a line is broken. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      if (line) lines.push(line);
      lines.push(rest.slice(0, cut));
      line = '';
      rest = rest.slice(cut);
    }
    const candidate = line ? `${line} ${rest}` : rest;
    if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A drawing cursor over the pages of one document. */
class Writer {
  readonly pdf: PDFDocument;
  readonly fonts: Fonts;
  page: PDFPage;
  y: number;

  constructor(pdf: PDFDocument, fonts: Fonts) {
    this.pdf = pdf;
    this.fonts = fonts;
    this.page = pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  text(value: string, x: number, options: { size?: number; bold?: boolean; color?: typeof INK; right?: boolean } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const left = options.right ? x - font.widthOfTextAtSize(value, size) : x;
    this.page.drawText(value, { x: left, y: this.y, size, font, color: options.color ?? INK });
  }

  rule(y = this.y) {
    this.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 0.6,
      color: RULE,
    });
  }

  /** Starts a new page when less than `height` is left above the footer. */
  ensure(height: number, onNewPage: () => void) {
    if (this.y - height >= FOOTER_TOP + 12) return;
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    onNewPage();
  }
}

const COLUMNS = { position: MARGIN, name: MARGIN + 28, quantity: 366, unitPrice: 456, amount: A4.width - MARGIN };
const NAME_WIDTH = 200;

function letterhead(w: Writer, document: InvoiceDocument) {
  const { seller, buyer } = document;
  const right = A4.width - MARGIN;
  w.text(seller.legalName, right, { size: 11, bold: true, right: true });
  for (const line of [seller.street, `${seller.postalCode} ${seller.city}`, `Telefon ${seller.phone}`, seller.email]) {
    w.y -= 13;
    w.text(line, right, { size: 9, color: MUTED, right: true });
  }
  w.y = A4.height - 150;
  w.text(`${seller.legalName} · ${seller.street} · ${seller.postalCode} ${seller.city}`, MARGIN, {
    size: 7,
    color: MUTED,
  });
  const country = buyer.country === seller.countryCode ? [] : [countryName(buyer.country) ?? buyer.country];
  const address = [buyer.company, buyer.name, buyer.street, `${buyer.postalCode} ${buyer.city}`, ...country];
  for (const line of address.filter(Boolean)) {
    w.y -= 14;
    w.text(line, MARGIN, { size: 10.5 });
  }
}

function heading(w: Writer, document: InvoiceDocument) {
  w.y = A4.height - 290;
  w.text(INVOICE_KIND_NAMES[document.kind], MARGIN, { size: 20, bold: true });
  if (document.testMode) {
    w.y -= 18;
    w.text('Testzahlung – es ist kein Geld geflossen; diese Rechnung gilt nicht.', MARGIN, {
      size: 10,
      bold: true,
      color: WARNING,
    });
  }
  const facts: [string, string][] = [
    [document.kind === 'invoice' ? 'Rechnungsnummer' : 'Nummer', document.number],
    ['Datum', formatGermanDate(document.issueDate)],
    ['Bestellnummer', document.orderNumber],
    ['Leistungszeitraum', formatAppointment(document.periodStart, document.periodEnd)],
    ...(document.corrects
      ? [
          [
            'Korrigiert Rechnung',
            `${document.corrects.number} vom ${formatGermanDate(document.corrects.issueDate)}`,
          ] as [string, string],
        ]
      : []),
    ...(document.buyer.vatId ? [['Ihre USt-IdNr.', document.buyer.vatId] as [string, string]] : []),
  ];
  w.y -= 10;
  for (const [label, value] of facts) {
    w.y -= 15;
    w.text(label, MARGIN, { color: MUTED });
    w.text(value, MARGIN + 130);
  }
}

function tableHead(w: Writer) {
  w.y -= 26;
  const head = { size: 9, bold: true };
  w.text('Pos.', COLUMNS.position, head);
  w.text('Leistung', COLUMNS.name, head);
  w.text('Menge', COLUMNS.quantity, { ...head, right: true });
  w.text('Einzelpreis netto', COLUMNS.unitPrice, { ...head, right: true });
  w.text('Betrag netto', COLUMNS.amount, { ...head, right: true });
  w.rule(w.y - 6);
  w.y -= 8;
}

function positions(w: Writer, document: InvoiceDocument) {
  tableHead(w);
  document.lines.forEach((line, index) => {
    const nameLines = wrap(line.name, w.fonts.regular, 10, NAME_WIDTH);
    w.ensure(16 + nameLines.length * 13 + 14, () => tableHead(w));
    w.y -= 16;
    w.text(String(index + 1), COLUMNS.position);
    w.text(formatQuantity(line.quantity, line.unit), COLUMNS.quantity, { right: true });
    w.text(euros(unitNetCents(line)), COLUMNS.unitPrice, { right: true });
    w.text(euros(line.netCents), COLUMNS.amount, { right: true });
    nameLines.forEach((text, lineIndex) => {
      if (lineIndex > 0) w.y -= 13;
      w.text(text, COLUMNS.name);
    });
    w.y -= 13;
    w.text(`Zeitraum ${formatAppointment(line.periodStart, line.periodEnd)}`, COLUMNS.name, {
      size: 8.5,
      color: MUTED,
    });
  });
  w.rule(w.y - 8);
  w.y -= 8;
}

function totals(w: Writer, document: InvoiceDocument) {
  const method = PAYMENT_METHOD_NAMES[document.payment.provider];
  const rows: [string, string, boolean][] = [['Summe netto', euros(document.netCents), false]];
  if (document.vat.mode === 'included') {
    rows.push([`Umsatzsteuer ${document.vat.ratePercent.toLocaleString('de-DE')} %`, euros(document.vatCents), false]);
  }
  rows.push([document.kind === 'invoice' ? 'Rechnungsbetrag' : 'Erstattungsbetrag', euros(document.grossCents), true]);
  if (document.kind === 'invoice') {
    rows.push([
      `Bereits bezahlt am ${formatGermanDate(document.payment.paidOn)} per ${method}`,
      `−${euros(document.grossCents)}`,
      false,
    ]);
    rows.push(['Offener Betrag', euros(0), true]);
  }
  w.ensure(rows.length * 16 + 60, () => {});
  for (const [label, value, bold] of rows) {
    w.y -= 16;
    w.text(label, COLUMNS.unitPrice, { right: true, bold });
    w.text(value, COLUMNS.amount, { right: true, bold });
  }
  const notes = [
    document.kind === 'invoice'
      ? `Vielen Dank für Ihren Auftrag. Der Betrag wurde per ${method} bezahlt; bitte überweisen Sie nichts.`
      : `Wir erstatten Ihnen ${euros(document.grossCents)} auf das Zahlungsmittel, mit dem Sie bezahlt haben (${method}).`,
    ...(document.vat.mode === 'smallBusiness' ? [SMALL_BUSINESS_NOTE] : []),
  ];
  w.y -= 12;
  for (const note of notes) {
    for (const line of wrap(note, w.fonts.regular, 9.5, A4.width - 2 * MARGIN)) {
      w.y -= 14;
      w.text(line, MARGIN, { size: 9.5 });
    }
  }
}

function footers(pdf: PDFDocument, fonts: Fonts, document: InvoiceDocument) {
  const { seller } = document;
  const tax = seller.vatId ? `USt-IdNr. ${seller.vatId}` : `Steuernummer ${seller.taxNumber ?? ''}`;
  const lines = [
    `${seller.legalName} · Inhaber: ${seller.representative} · ${seller.street} · ${seller.postalCode} ${seller.city}`,
    `${tax} · ${seller.email} · ${seller.phone}`,
  ];
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    page.drawLine({
      start: { x: MARGIN, y: FOOTER_TOP - 8 },
      end: { x: A4.width - MARGIN, y: FOOTER_TOP - 8 },
      thickness: 0.6,
      color: RULE,
    });
    lines.forEach((line, lineIndex) => {
      page.drawText(line, {
        x: MARGIN,
        y: FOOTER_TOP - 24 - lineIndex * 11,
        size: 7.5,
        font: fonts.regular,
        color: MUTED,
      });
    });
    const count = `Seite ${index + 1} von ${pages.length}`;
    page.drawText(count, {
      x: A4.width - MARGIN - fonts.regular.widthOfTextAtSize(count, 7.5),
      y: FOOTER_TOP - 24,
      size: 7.5,
      font: fonts.regular,
      color: MUTED,
    });
  });
}

/** The invoice as a person reads it (the e-invoice data is embedded afterwards). */
export async function readableInvoice(document: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const fonts = {
    regular: await pdf.embedFont(FONTS.regular, { subset: true }),
    bold: await pdf.embedFont(FONTS.bold, { subset: true }),
  };
  const issued = new Date(`${document.issueDate}T12:00:00Z`);
  pdf.setTitle(`${INVOICE_KIND_NAMES[document.kind]} ${document.number}`);
  pdf.setAuthor(document.seller.legalName);
  pdf.setCreator(document.seller.legalName);
  pdf.setProducer(document.seller.legalName);
  pdf.setLanguage('de-DE');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const w = new Writer(pdf, fonts);
  letterhead(w, document);
  heading(w, document);
  positions(w, document);
  totals(w, document);
  footers(pdf, fonts, document);
  return pdf.save({ useObjectStreams: false });
}
