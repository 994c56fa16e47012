/**
 * The readable half of an invoice: an A4 PDF a person files and prints, with the agency's
 * letterhead and everything § 14 Abs. 4 UStG requires (docs/product.md#d37-invoices). Drawn
 * with pdf-lib in the site's typeface, embedded (PDF/A allows no font that is not). Made from
 * the issued document alone and dated with its issue date, so the same invoice always gives the
 * same file. Its positions read as the shop priced them: quantity × unit price = amount, the
 * yearly discount on a line of its own; with VAT included, the totals state the net and the tax.
 */
import { PDFDocument, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { countryName } from '../../../lib/countries.ts';
import { formatAppointment, formatGermanDate } from '../../../lib/dates.ts';
import type { InvoiceDocument, InvoiceLine } from '../../../lib/invoices.ts';
import { INVOICE_KIND_NAMES } from '../../../lib/invoices.ts';
import { formatEuros } from '../../../lib/money.ts';
import { PAYMENT_METHOD_NAMES } from '../../../lib/payments.ts';
import { formatQuantity } from '../../../lib/units.ts';
import { SMALL_BUSINESS_NOTE, YEARLY_DISCOUNT } from './factur-x.ts';
import { grossPartsOf } from './invoice-document.ts';
import { embedTypeface, type Face, type Typeface } from './invoice-typeface.ts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const FOOTER_TOP = 80;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);
const WARNING = rgb(0.7, 0.1, 0.1);

const euros = (cents: number) => formatEuros(cents / 100);

/** Words of `text` in lines no wider than `width`; a word longer than a line is broken. */
function wrap(text: string, face: Face, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    let rest = word;
    while (face.width(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && face.width(rest.slice(0, cut), size) > width) cut--;
      if (line) lines.push(line);
      lines.push(rest.slice(0, cut));
      line = '';
      rest = rest.slice(cut);
    }
    const candidate = line ? `${line} ${rest}` : rest;
    if (face.width(candidate, size) <= width) line = candidate;
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
  readonly typeface: Typeface;
  page: PDFPage;
  y: number;

  constructor(pdf: PDFDocument, typeface: Typeface) {
    this.pdf = pdf;
    this.typeface = typeface;
    this.page = pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  text(value: string, x: number, options: { size?: number; bold?: boolean; color?: typeof INK; right?: boolean } = {}) {
    const size = options.size ?? 10;
    const face = options.bold ? this.typeface.bold : this.typeface.regular;
    const left = options.right ? x - face.width(value, size) : x;
    face.draw(this.page, value, { x: left, y: this.y, size, color: options.color ?? INK });
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

/** Right edges of the number columns; the name runs from `name` to short of the quantity. */
const COLUMNS = { position: MARGIN, name: MARGIN + 24, quantity: 372, unitPrice: 458, amount: A4.width - MARGIN };
const NAME_WIDTH = COLUMNS.quantity - 64 - COLUMNS.name;
/** The address window of a DIN 5008 envelope: about 85 mm. */
const ADDRESS_WIDTH = 240;
const LINE = 13;

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
  for (const line of address.filter((part) => part.trim())) {
    for (const text of wrap(line, w.typeface.regular, 10, ADDRESS_WIDTH)) {
      w.y -= 14;
      w.text(text, MARGIN, { size: 10 });
    }
  }
}

function heading(w: Writer, document: InvoiceDocument) {
  // Below the address, however many lines the longest one it may have takes.
  w.y = Math.min(A4.height - 280, w.y - 36);
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
  w.y -= 8;
  for (const [label, value] of facts) {
    w.y -= 14;
    w.text(label, MARGIN, { color: MUTED });
    w.text(value, MARGIN + 130);
  }
}

function tableHead(w: Writer, document: InvoiceDocument) {
  const gross = document.vat.mode === 'included' ? ' brutto' : '';
  w.y -= 24;
  const head = { size: 9, bold: true };
  w.text('Pos.', COLUMNS.position, head);
  w.text('Leistung', COLUMNS.name, head);
  w.text('Menge', COLUMNS.quantity, { ...head, right: true });
  w.text(`Einzelpreis${gross}`, COLUMNS.unitPrice, { ...head, right: true });
  w.text(`Betrag${gross}`, COLUMNS.amount, { ...head, right: true });
  w.rule(w.y - 6);
  w.y -= 8;
}

/** A position as drawn: its name's lines and whether it has a discount line. */
function layoutOf(line: InvoiceLine, w: Writer) {
  const names = wrap(line.name, w.typeface.regular, 9.5, NAME_WIDTH);
  const { unitCents, discountCents } = grossPartsOf(line);
  return { names, unitCents, discountCents, height: 16 + names.length * LINE + (discountCents > 0 ? LINE : 0) };
}

function position(w: Writer, line: InvoiceLine, index: number, layout: ReturnType<typeof layoutOf>) {
  const { names, unitCents, discountCents } = layout;
  w.y -= 16;
  w.text(String(index + 1), COLUMNS.position);
  w.text(formatQuantity(line.quantity, line.unit), COLUMNS.quantity, { right: true });
  w.text(euros(unitCents), COLUMNS.unitPrice, { right: true });
  // Before the discount: quantity × unit price, as the shop computed it.
  w.text(euros(line.grossCents + discountCents), COLUMNS.amount, { right: true });
  names.forEach((text, lineIndex) => {
    if (lineIndex > 0) w.y -= LINE;
    w.text(text, COLUMNS.name, { size: 9.5 });
  });
  w.y -= LINE;
  w.text(`Zeitraum ${formatAppointment(line.periodStart, line.periodEnd)}`, COLUMNS.name, { size: 8.5, color: MUTED });
  if (discountCents > 0) {
    w.y -= LINE;
    w.text(`abzüglich ${YEARLY_DISCOUNT}`, COLUMNS.name, { size: 8.5, color: MUTED });
    w.text(`−${euros(discountCents)}`, COLUMNS.amount, { right: true });
  }
}

/** The totals' rows: with VAT included, the gross total and the net and tax it contains (§ 14 Abs. 4 Nr. 7, 8 UStG). */
function totalRows(document: InvoiceDocument): [string, string, boolean][] {
  const method = PAYMENT_METHOD_NAMES[document.payment.provider];
  const total = document.kind === 'invoice' ? 'Rechnungsbetrag' : 'Erstattungsbetrag';
  const rows: [string, string, boolean][] =
    document.vat.mode === 'included'
      ? [
          [`${total} brutto`, euros(document.grossCents), true],
          ['darin Nettobetrag', euros(document.netCents), false],
          [`darin Umsatzsteuer ${document.vat.ratePercent.toLocaleString('de-DE')} %`, euros(document.vatCents), false],
        ]
      : [[total, euros(document.grossCents), true]];
  if (document.kind === 'invoice') {
    rows.push([
      `Bereits bezahlt am ${formatGermanDate(document.payment.paidOn)} per ${method}`,
      `−${euros(document.grossCents)}`,
      false,
    ]);
    rows.push(['Offener Betrag', euros(0), true]);
  }
  return rows;
}

function totalNotes(document: InvoiceDocument): string[] {
  const method = PAYMENT_METHOD_NAMES[document.payment.provider];
  return [
    document.kind === 'invoice'
      ? `Vielen Dank für Ihren Auftrag. Der Betrag wurde per ${method} bezahlt; bitte überweisen Sie nichts.`
      : `Wir erstatten Ihnen ${euros(document.grossCents)} auf das Zahlungsmittel, mit dem Sie bezahlt haben (${method}).`,
    ...(document.vat.mode === 'smallBusiness' ? [SMALL_BUSINESS_NOTE] : []),
  ];
}

const NOTE_WIDTH = A4.width - 2 * MARGIN;

function totalsHeight(w: Writer, document: InvoiceDocument): number {
  const noteLines = totalNotes(document).flatMap((note) => wrap(note, w.typeface.regular, 9.5, NOTE_WIDTH));
  return 8 + totalRows(document).length * 16 + 12 + noteLines.length * 14;
}

/** The positions, then the totals; the last position goes to a new page with the totals rather than leave them alone there. */
function positionsAndTotals(w: Writer, document: InvoiceDocument) {
  tableHead(w, document);
  const last = document.lines.length - 1;
  document.lines.forEach((line, index) => {
    const layout = layoutOf(line, w);
    const keep = index === last ? totalsHeight(w, document) : 0;
    w.ensure(layout.height + keep, () => tableHead(w, document));
    position(w, line, index, layout);
  });
  w.rule(w.y - 8);
  w.y -= 8;
  for (const [label, value, bold] of totalRows(document)) {
    w.y -= 16;
    w.text(label, COLUMNS.unitPrice, { right: true, bold });
    w.text(value, COLUMNS.amount, { right: true, bold });
  }
  w.y -= 12;
  for (const note of totalNotes(document)) {
    for (const line of wrap(note, w.typeface.regular, 9.5, NOTE_WIDTH)) {
      w.y -= 14;
      w.text(line, MARGIN, { size: 9.5 });
    }
  }
}

function footers(pdf: PDFDocument, face: Face, document: InvoiceDocument) {
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
      face.draw(page, line, { x: MARGIN, y: FOOTER_TOP - 24 - lineIndex * 11, size: 7.5, color: MUTED });
    });
    const count = `Seite ${index + 1} von ${pages.length}`;
    face.draw(page, count, {
      x: A4.width - MARGIN - face.width(count, 7.5),
      y: FOOTER_TOP - 24,
      size: 7.5,
      color: MUTED,
    });
  });
}

/** The invoice as a person reads it (the e-invoice data is embedded afterwards). */
export async function readableInvoice(document: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const typeface = await embedTypeface(pdf);
  const issued = new Date(`${document.issueDate}T12:00:00Z`);
  pdf.setTitle(`${INVOICE_KIND_NAMES[document.kind]} ${document.number}`);
  pdf.setAuthor(document.seller.legalName);
  pdf.setCreator(document.seller.legalName);
  pdf.setProducer(document.seller.legalName);
  pdf.setLanguage('de-DE');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const w = new Writer(pdf, typeface);
  letterhead(w, document);
  heading(w, document);
  positionsAndTotals(w, document);
  footers(pdf, typeface.regular, document);
  return pdf.save({ useObjectStreams: false });
}
