/**
 * What the agency sells, by kind (docs/product.md#d36-next-steps): every article has its kind,
 * which staff choose (src/lib/catalogue.ts); a placed order keeps it per item. What follows for
 * each kind is in next-steps.ts: the contracts that carry a kind need only this small module.
 */

export const PRODUCT_KINDS = ['website', 'maintenance', 'print', 'service'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** The kinds as staff choose them. */
export const PRODUCT_KIND_NAMES: Record<ProductKind, string> = {
  website: 'Website',
  maintenance: 'Wartung (pro Monat)',
  print: 'Druck und Gestaltung',
  service: 'Beratung und Dienstleistung',
};

/** The kinds among some ordered items, each once, in a fixed order. */
export const kindsOf = (items: readonly { kind: ProductKind }[]): ProductKind[] =>
  PRODUCT_KINDS.filter((kind) => items.some((item) => item.kind === kind));
