/**
 * An invoice's arithmetic (docs/product.md#d37-invoices): net amounts that add up to what was paid,
 * and the positions' prices as the PDF and the EN 16931 data both show them. What an invoice says
 * is src/lib/invoices.ts's InvoiceDocument, fixed when it is issued.
 */
import type { InvoiceLine } from '../../../lib/invoices.ts';
import type { VatSetting } from '../../../lib/money.ts';
import type { Unit } from '../../../lib/units.ts';

/** Units as UN/ECE Recommendation 20 codes, as EN 16931 names them (BT-130). */
export const UNIT_CODES: Record<Unit, string> = { flat: 'LS', month: 'MON', piece: 'H87', sqm: 'MTK', hour: 'HUR' };

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
  unitGrossCents: number;
  discountGrossCents: number;
  grossCents: number;
  periodStart: string;
  periodEnd: string;
}

/** A line's gross unit price and discount, also for documents issued before they were kept. */
export const grossPartsOf = (line: InvoiceLine): { unitCents: number; discountCents: number } => ({
  unitCents: line.unitGrossCents ?? Math.round(line.grossCents / line.quantity),
  discountCents: line.discountGrossCents ?? 0,
});

/** `cents` less the VAT it includes, in whole cents rounded half up. */
function netOf(cents: number, vat: VatSetting): number {
  if (vat.mode !== 'included') return cents;
  const base = 10_000 + Math.round(vat.ratePercent * 100);
  return Math.floor((cents * 10_000 * 2 + base) / (2 * base));
}

/**
 * The line as EN 16931 states it, net: quantity × net price − allowance = the line's net amount
 * (BT-129 × BT-146 − BT-136 = BT-131). The net price (euros, as text) gets as many decimals as
 * that takes, which EN 16931 does not limit: 5,5 × 75,547 € = 415,51 €, where 75,55 € would make
 * 415,53 €. The allowance is the yearly discount's net share.
 */
export function netPartsOf(line: InvoiceLine, vat: VatSetting): { price: string; allowanceCents: number } {
  const allowanceCents = netOf(grossPartsOf(line).discountCents, vat);
  const fullCents = line.netCents + allowanceCents;
  const hundredths = Math.round(line.quantity * 100);
  const priceWith = (decimals: number) => (fullCents / line.quantity / 100).toFixed(decimals);
  const decimals = [2, 3, 4, 5].find((places) => Math.round(Number(priceWith(places)) * hundredths) === fullCents);
  return { price: priceWith(decimals ?? 6), allowanceCents };
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
