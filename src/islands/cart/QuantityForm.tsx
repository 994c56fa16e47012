/**
 * Changing the quantity of one cart entry (docs/product.md#d34-units-and-quantities): the same
 * rules as when booking it, the server prices the entry anew. A maintenance term is chosen, not
 * typed.
 */
import * as v from 'valibot';
import { describeFailure } from '../../client/failures.ts';
import { formatQuantity, formatQuantityNumber, TERMS, typedQuantityOf, type Unit } from '../../lib/units.ts';
import { changeEntryQuantity } from '../../stores/cart.ts';
import { SelectField, SubmitButton, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { ADD_TO_CART_TEXTS, CART_TEXTS as t } from './texts.ts';

const TERM_OPTIONS = TERMS.map((months) => [String(months), formatQuantity(months, 'month')] as const);

interface Props {
  entryId: number;
  unit: Unit;
  quantity: number;
  /** Which entry, for the button's accessible name. */
  what: string;
}

export function QuantityForm({ entryId, unit, quantity, what }: Props) {
  const form = useForm(v.object({ quantity: typedQuantityOf(unit) }), ['quantity'] as const, {
    quantity: formatQuantityNumber(quantity),
  });
  const onSubmit = form.submit(async (change) => {
    try {
      await changeEntryQuantity(entryId, change.quantity);
    } catch (failure) {
      form.setFormError(describeFailure(failure).message);
    }
  });
  const label = ADD_TO_CART_TEXTS.quantity[unit];
  return (
    <form className="cart-quantity" noValidate onSubmit={onSubmit}>
      {unit === 'month' ? (
        <SelectField {...form.field('quantity')} label={label} options={TERM_OPTIONS} />
      ) : (
        <TextField
          {...form.field('quantity')}
          label={label}
          inputMode={unit === 'sqm' || unit === 'hour' ? 'decimal' : 'numeric'}
        />
      )}
      <SubmitButton
        ready={form.ready}
        submitting={form.submitting}
        label={
          <>
            {t.changeQuantity}
            <span className="visually-hidden"> ({what})</span>
          </>
        }
        busyLabel={t.changingQuantity}
      />
      <p className="field__error" role="alert">
        {form.formError}
      </p>
    </form>
  );
}
