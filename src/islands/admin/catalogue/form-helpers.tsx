/**
 * What the catalogue's forms share: the unit and kind choices, the API's field errors, prices as
 * typed, button names.
 */
import type { ReactNode } from 'react';
import { describeFailure } from '../../../client/failures.ts';
import { kindOfForm } from '../../../lib/catalogue.ts';
import { PRODUCT_KIND_NAMES, PRODUCT_KINDS, type ProductKind } from '../../../lib/product-kinds.ts';
import { UNIT_NAMES, UNITS, type Unit } from '../../../lib/units.ts';
import type { Errors } from '../../forms/use-form.ts';

export const UNIT_OPTIONS = UNITS.map((unit) => [unit, UNIT_NAMES[unit]] as const);

/**
 * The kind select as the unit allows it: by the month only maintenance, otherwise anything but
 * maintenance (docs/product.md#d36-next-steps); `value` is the kind the form sends.
 */
export function kindChoice(chosen: string, unit: string, categoryId: number) {
  const byMonth = unit === 'month';
  const value = kindOfForm(chosen as ProductKind, unit as Unit, categoryId);
  const options = PRODUCT_KINDS.filter((kind) => (kind === 'maintenance') === byMonth).map(
    (kind) => [kind, PRODUCT_KIND_NAMES[kind]] as const,
  );
  return { value, options };
}

export type Reload = () => Promise<void>;

/** Field errors the API sent, onto the form's fields. */
export const fieldErrorsOf = <TField extends string>(failure: unknown) =>
  Object.fromEntries(describeFailure(failure).fieldErrors.map((e) => [e.fieldName, e.message])) as Errors<TField>;

/** The price as the edit form shows it: "1200,50". */
export const typedPrice = (euros: number) => euros.toFixed(2).replace('.', ',');

/** A button text that screen readers hear with what it acts on ("Speichern – Artikel A1"), so each name is unique. */
export const withHiddenContext = (visible: string, context: string): ReactNode => (
  <>
    {visible}
    <span className="visually-hidden"> – {context}</span>
  </>
);
