/**
 * What an invoice says, fixed when it is issued (docs/product.md#d37-invoices): seller, buyer,
 * positions, VAT, payment. The PDF and the embedded EN 16931 data are both made from it, so they
 * never disagree, and a later change of content/site.yaml never changes an issued invoice.
 */
import type { BillingAddress } from '../../../lib/billing-address.ts';
import type { InvoiceKind } from '../../../lib/invoices.ts';
import type { VatSetting } from '../../../lib/money.ts';
import type { PaymentProvider } from '../../../lib/payments.ts';
import type { Unit } from '../../../lib/units.ts';

export interface InvoiceSeller {
  legalName: string;
  representative: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
  email: string;
  phone: string;
  vatId: string | undefined;
  taxNumber: string | undefined;
}

/** Units as UN/ECE Recommendation 20 codes, as EN 16931 names them (BT-130). */
export const UNIT_CODES: Record<Unit, string> = { flat: 'LS', month: 'MON', piece: 'H87', sqm: 'MTK', hour: 'HUR' };

/** A position: net amounts in cents, the gross amount as it was paid. */
export interface InvoiceLine {
  name: string;
  quantity: number;
  unit: Unit;
  netCents: number;
  grossCents: number;
  periodStart: string;
  periodEnd: string;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  /** YYYY-MM-DD, in the agency's time zone. */
  issueDate: string;
  orderNumber: string;
  /** The invoice a correcting invoice corrects. */
  corrects: { number: string; issueDate: string } | null;
  seller: InvoiceSeller;
  buyer: BillingAddress;
  lines: InvoiceLine[];
  vat: VatSetting;
  netCents: number;
  vatCents: number;
  grossCents: number;
  periodStart: string;
  periodEnd: string;
  payment: { provider: PaymentProvider; paidOn: string };
  /** Paid in a provider's test mode: the invoice says so in large letters. */
  testMode: boolean;
}

/**
 * Net amounts of gross line amounts that add up to the net of the total, so that net plus VAT is
 * exactly what was paid: each line's exact net is rounded down and the cents left over go to the
 * lines with the largest remainders (VAT taken out of gross prices, § 14 Abs. 4 Nr. 7 and 8 UStG).
 */
export function netAmounts(grossCents: readonly number[], ratePercent: number): number[] {
  const rate = Math.round(ratePercent * 100);
  const exact = grossCents.map((gross) => ({ whole: Math.floor((gross * 10_000) / (10_000 + rate)), gross }));
  const totalGross = grossCents.reduce((sum, gross) => sum + gross, 0);
  const totalNet = Math.floor((totalGross * 10_000 * 2 + (10_000 + rate)) / (2 * (10_000 + rate)));
  let left = totalNet - exact.reduce((sum, line) => sum + line.whole, 0);
  const remainder = (line: { whole: number; gross: number }) => line.gross * 10_000 - line.whole * (10_000 + rate);
  const byRemainder = exact.map((line, index) => ({ index, remainder: remainder(line) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const nets = exact.map((line) => line.whole);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    nets[index] = (nets[index] ?? 0) + 1;
    left--;
  }
  return nets;
}

export interface PaidPosition {
  name: string;
  quantity: number;
  unit: Unit;
  grossCents: number;
  periodStart: string;
  periodEnd: string;
}

/** The lines and totals of positions paid at gross prices, under the seller's VAT setting. */
export function priceLines(positions: readonly PaidPosition[], vat: VatSetting) {
  const grossCents = positions.reduce((sum, position) => sum + position.grossCents, 0);
  const nets =
    vat.mode === 'included'
      ? netAmounts(
          positions.map((position) => position.grossCents),
          vat.ratePercent,
        )
      : positions.map((position) => position.grossCents);
  const lines: InvoiceLine[] = positions.map((position, index) => ({
    ...position,
    netCents: nets[index] ?? 0,
  }));
  const netCents = nets.reduce((sum, net) => sum + net, 0);
  const sorted = (dates: string[]) => dates.sort();
  return {
    lines,
    netCents,
    vatCents: grossCents - netCents,
    grossCents,
    periodStart: sorted(positions.map((position) => position.periodStart))[0] ?? '',
    periodEnd: sorted(positions.map((position) => position.periodEnd)).at(-1) ?? '',
  };
}
