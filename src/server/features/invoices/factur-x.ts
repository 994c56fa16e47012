/**
 * The machine-readable half of an invoice: EN 16931 data in the CII syntax, embedded as
 * `factur-x.xml` into the PDF, which becomes PDF/A-3 (Factur-X 1.0 / ZUGFeRD 2.x, profile
 * EN 16931), by the maintained library `@e-invoice-eu/core` (docs/product.md#d37-invoices).
 */
import { FormatFactoryService, type Invoice } from '@e-invoice-eu/core';
import type { InvoiceDocument } from '../../../lib/invoices.ts';
import { INVOICE_KIND_NAMES, invoiceFileName } from '../../../lib/invoices.ts';
import { PAYMENT_METHOD_NAMES } from '../../../lib/payments.ts';
import { log } from '../../log.ts';
import { netPartsOf, UNIT_CODES } from './invoice-document.ts';

const EUR = 'EUR' as const;
const amount = (cents: number) => (cents / 100).toFixed(2);

/** What the allowance of a 12-month maintenance term is called, on the PDF as in the data. */
export const YEARLY_DISCOUNT = 'Rabatt für die Jahreszahlung';

/** The note § 19 UStG asks for, also the VAT exemption reason of category E. */
export const SMALL_BUSINESS_NOTE = 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (Kleinunternehmerregelung).';

/** VAT category: standard rate (S), or exempt (E) for a small business. */
function taxCategory(document: InvoiceDocument) {
  return document.vat.mode === 'included'
    ? { 'cbc:ID': 'S', 'cbc:Percent': String(document.vat.ratePercent), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }
    : { 'cbc:ID': 'E', 'cbc:Percent': '0', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
}

/** The document as the library's input: its UBL-shaped JSON, which it turns into CII. */
function eInvoiceData(document: InvoiceDocument): Invoice {
  const { seller, buyer } = document;
  const category = taxCategory(document);
  const paid = document.kind === 'invoice' ? document.grossCents : 0;
  const money = (name: string, cents: number) => ({
    [`cbc:${name}`]: amount(cents),
    [`cbc:${name}@currencyID`]: EUR,
  });
  const sellerTax = seller.vatId
    ? { 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }
    : { 'cbc:CompanyID': seller.taxNumber ?? '', 'cac:TaxScheme': { 'cbc:ID': 'FC' } };
  const invoice = {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': document.number,
      'cbc:IssueDate': document.issueDate,
      'cbc:InvoiceTypeCode': document.kind === 'invoice' ? '380' : '381',
      'cbc:Note': [
        `${INVOICE_KIND_NAMES[document.kind]} zur Bestellung ${document.orderNumber}`,
        ...(document.vat.mode === 'smallBusiness' ? [SMALL_BUSINESS_NOTE] : []),
        ...(document.testMode ? ['Testzahlung: Es ist kein Geld geflossen.'] : []),
      ],
      'cbc:DocumentCurrencyCode': EUR,
      'cbc:BuyerReference': document.orderNumber,
      'cac:InvoicePeriod': { 'cbc:StartDate': document.periodStart, 'cbc:EndDate': document.periodEnd },
      'cac:OrderReference': { 'cbc:ID': document.orderNumber },
      ...(document.corrects && {
        // Flat, as the library's CII mapping reads it (its schema wants it nested, and then the
        // reference is lost: gflohr/e-invoice-eu#455); hence the formatter below is called directly.
        // Without the optional date (BT-26), which the mapping writes in a form CII refuses.
        'cac:BillingReference': [{ 'cbc:ID': document.corrects.number }],
      }),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': seller.email,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': {
            'cbc:StreetName': seller.street,
            'cbc:CityName': seller.city,
            'cbc:PostalZone': seller.postalCode,
            'cac:Country': { 'cbc:IdentificationCode': seller.countryCode },
          },
          'cac:PartyTaxScheme': [sellerTax],
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': seller.legalName,
            // Without a VAT number, the tax number is what identifies the seller (BR-CO-26).
            ...(!seller.vatId && { 'cbc:CompanyID': seller.taxNumber ?? '' }),
          },
          'cac:Contact': {
            'cbc:Name': seller.representative,
            'cbc:Telephone': seller.phone,
            'cbc:ElectronicMail': seller.email,
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cac:PostalAddress': {
            // An order paid before billing addresses existed has only the holder's name.
            ...(buyer.street && { 'cbc:StreetName': buyer.street }),
            ...(buyer.city && { 'cbc:CityName': buyer.city }),
            ...(buyer.postalCode && { 'cbc:PostalZone': buyer.postalCode }),
            'cac:Country': { 'cbc:IdentificationCode': buyer.country },
          },
          ...(buyer.vatId && {
            'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
          }),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.company || buyer.name },
          ...(buyer.company && { 'cac:Contact': { 'cbc:Name': buyer.name } }),
        },
      },
      // The service period above says when the work is done; CII needs the element all the same.
      'cac:Delivery': { 'cbc:ActualDeliveryDate': document.periodEnd },
      'cac:PaymentMeans': [
        {
          // UNTDID 4461 code 68: online payment service (a card payment through Stripe, or PayPal).
          'cbc:PaymentMeansCode': '68',
          'cbc:PaymentMeansCode@name': PAYMENT_METHOD_NAMES[document.payment.provider],
        },
      ],
      ...(document.kind === 'credit_note' && {
        'cac:PaymentTerms': {
          'cbc:Note': `Der Betrag wird auf das Zahlungsmittel erstattet, mit dem Sie bezahlt haben (${PAYMENT_METHOD_NAMES[document.payment.provider]}).`,
        },
      }),
      'cac:TaxTotal': [
        {
          ...money('TaxAmount', document.vatCents),
          'cac:TaxSubtotal': [
            {
              ...money('TaxableAmount', document.netCents),
              ...money('TaxAmount', document.vatCents),
              'cac:TaxCategory': {
                ...category,
                ...(document.vat.mode === 'smallBusiness' && { 'cbc:TaxExemptionReason': SMALL_BUSINESS_NOTE }),
              },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        ...money('LineExtensionAmount', document.netCents),
        ...money('TaxExclusiveAmount', document.netCents),
        ...money('TaxInclusiveAmount', document.grossCents),
        ...money('PrepaidAmount', paid),
        ...money('PayableAmount', document.grossCents - paid),
      },
      'cac:InvoiceLine': document.lines.map((line, index) => {
        const net = netPartsOf(line, document.vat);
        return {
          'cbc:ID': String(index + 1),
          'cbc:InvoicedQuantity': String(line.quantity),
          'cbc:InvoicedQuantity@unitCode': UNIT_CODES[line.unit],
          ...money('LineExtensionAmount', line.netCents),
          'cac:InvoicePeriod': { 'cbc:StartDate': line.periodStart, 'cbc:EndDate': line.periodEnd },
          ...(net.allowanceCents > 0 && {
            // UNTDID 5189 code 95: discount.
            'cac:AllowanceCharge': [
              {
                'cbc:ChargeIndicator': 'false',
                'cbc:AllowanceChargeReasonCode': '95',
                'cbc:AllowanceChargeReason': YEARLY_DISCOUNT,
                // Without a currency: CII has none on a line's allowance (rule CII-DT-031).
                'cbc:Amount': amount(net.allowanceCents),
              },
            ],
          }),
          'cac:Item': { 'cbc:Name': line.name, 'cac:ClassifiedTaxCategory': category },
          'cac:Price': { 'cbc:PriceAmount': net.price, 'cbc:PriceAmount@currencyID': EUR },
        };
      }),
    },
  };
  return invoice as unknown as Invoice;
}

const FORMAT = 'Factur-X-EN16931';
const formatter = new FormatFactoryService().createFormatService(FORMAT, {
  log: (message: string) => log.debug({ message }, 'e-invoice'),
  warn: (message: string) => log.warn({ message }, 'e-invoice'),
  error: (message: string) => log.error({ message }, 'e-invoice'),
});

/**
 * The readable PDF with the EN 16931 data embedded: a Factur-X (PDF/A-3) file. The tests check
 * every kind of invoice with the EU's EN 16931 artefacts (tests/support/einvoice.ts).
 */
export async function facturX(document: InvoiceDocument, readable: Uint8Array): Promise<Uint8Array> {
  const filename = invoiceFileName(document.kind, document.number);
  const invoice = eInvoiceData(document);
  formatter.fillInvoiceDefaults(invoice);
  const result = await formatter.generate(invoice, {
    format: FORMAT,
    lang: 'de-de',
    pdf: { buffer: readable, filename, mimetype: 'application/pdf' },
  });
  if (typeof result === 'string') throw new Error('e-invoice library returned text instead of a PDF');
  return result;
}
