/**
 * Where an order stands after the payment (docs/product.md#d36-next-steps), as the customer and
 * staff read it. A module of its own: the profile and the order page show the step without loading
 * the materials' input rules.
 */
/** Where an order stands after the payment, as the customer and staff read it. */
export const PROGRESS_STEPS = ['materials_missing', 'materials_complete', 'in_progress', 'delivered'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

export const PROGRESS_STEP_NAMES: Record<ProgressStep, string> = {
  materials_missing: 'Unterlagen fehlen',
  materials_complete: 'Unterlagen vollständig',
  in_progress: 'In Arbeit',
  delivered: 'Geliefert',
};
