/** How prices read on the content pages (docs/product.md#d4-money, with the PAngV note). */
import type { Model } from '../../content-schemas/models.ts';
import { formatEuros } from '../../lib/money.ts';

/** "1.200,00 €", or "bis zu 10.000,00 €" for the individual model. */
export function modelPrice(model: Pick<Model, 'price' | 'priceType'>): string {
  return model.priceType === 'upTo' ? `bis zu ${formatEuros(model.price)}` : formatEuros(model.price);
}

/** "bis zu 20 Fotos, 10 Leistungen und 5 Seiten" from a model's limits. */
export function modelLimits(limits: Model['limits']): string | undefined {
  const parts = [
    limits.photos && `${limits.photos} Fotos`,
    limits.services && `${limits.services} Leistungen`,
    limits.pages && `${limits.pages} Seiten`,
    limits.productCards && `${limits.productCards} Produkt- oder Leistungskarten`,
  ].filter(Boolean) as string[];
  if (parts.length === 0) return undefined;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} und ${parts.at(-1)}`;
  return `bis zu ${list}`;
}

/** A price on an example site: "ab 79,00 € pro Nacht", "9,50 €". */
export function exampleItemPrice(item: { price: number; priceFrom: boolean; priceUnit?: string | undefined }): string {
  return [item.priceFrom ? 'ab' : '', formatEuros(item.price), item.priceUnit ?? ''].filter(Boolean).join(' ');
}
