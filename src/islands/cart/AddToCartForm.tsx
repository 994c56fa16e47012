/**
 * The add-to-cart form of one article: entry and departure date (for maintenance only the start and
 * the term), the quantity of its unit, 'Buchen'. Dates and quantity follow the shared rules
 * (docs/product.md#d5-booking-dates, #d34-units-and-quantities); the article's price stands beside
 * the form, and the API prices the entry itself. Only for logged-in visitors: the category page
 * gates the forms.
 */
import { useEffect, useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { cartEntryFormSchema } from '../../lib/cart.ts';
import { todayInGermany } from '../../lib/dates.ts';
import { defaultQuantity, formatQuantity, TERMS, type Unit } from '../../lib/units.ts';
import { bookArticle } from '../../stores/cart.ts';
import { SessionEnded, SignedIn } from '../accounts/SignedIn.tsx';
import { FormMessages, SelectField, SubmitButton, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import './booking-form.css';
import { ADD_TO_CART_TEXTS as t } from './texts.ts';

type Field = 'entryDate' | 'departureDate' | 'quantity';

/** A maintenance term ends by itself: its form asks for the start and the term only. */
const fieldsOf = (unit: Unit): readonly Field[] =>
  unit === 'month' ? ['entryDate', 'quantity'] : ['entryDate', 'departureDate', 'quantity'];

const TERM_OPTIONS = TERMS.map((months) => [String(months), formatQuantity(months, 'month')] as const);

interface Props {
  articleId: number;
  unit: Unit;
}

/** The success notice takes the focus as it appears (a stable ref callback runs once per appearance). */
const focusOnArrival = (element: HTMLElement | null) => element?.focus();

function Form({ articleId, unit, onSessionEnded }: Props & { onSessionEnded: () => void }) {
  const form = useForm(cartEntryFormSchema(unit), fieldsOf(unit), { quantity: String(defaultQuantity(unit)) });
  const [booked, setBooked] = useState(false);
  // Today in Germany, read in the browser after hydration (a cached page may be from yesterday).
  const [today, setToday] = useState<string>();
  useEffect(() => setToday(todayInGermany()), []);

  const onSubmit = form.submit(async (dates) => {
    setBooked(false);
    try {
      await bookArticle(articleId, dates);
      setBooked(true);
    } catch (failure) {
      const { status, message, fieldErrors } = describeFailure(failure);
      if (status === 401) {
        onSessionEnded();
        return;
      }
      form.setFormError(message);
      form.setErrors(
        Object.fromEntries(fieldErrors.map((e) => [e.fieldName, e.message])) as Partial<Record<Field, string>>,
      );
    }
  });

  const field = (name: Field, label: string) => ({ ...form.field(name), label, type: 'date' as const, min: today });
  return (
    <form className="form booking-form" noValidate onSubmit={onSubmit}>
      <div className="form__row">
        <TextField {...field('entryDate', t.entryDate)} />
        {unit !== 'month' && <TextField {...field('departureDate', t.departureDate)} />}
        {unit === 'month' ? (
          <SelectField {...form.field('quantity')} label={t.quantity.month} options={TERM_OPTIONS} />
        ) : (
          <TextField
            {...form.field('quantity')}
            label={t.quantity[unit]}
            inputMode={unit === 'sqm' || unit === 'hour' ? 'decimal' : 'numeric'}
          />
        )}
      </div>
      <FormMessages
        error={form.formError && <p>{form.formError}</p>}
        success={
          booked && (
            <p tabIndex={-1} ref={focusOnArrival}>
              {t.success} <a href="/cart">{t.toCart}</a>
            </p>
          )
        }
      />
      <SubmitButton ready={form.ready} submitting={form.submitting} label={t.submit} busyLabel={t.submitting} />
    </form>
  );
}

export default function AddToCartForm(props: Props) {
  // The page this form's booking was refused on, because the server had ended the session: the
  // form's place says so (the visitor is logged out, so every other form goes).
  const [refusedOn, setRefusedOn] = useState<string>();
  const form = <Form {...props} onSessionEnded={() => setRefusedOn(window.location.pathname)} />;
  // Until hydration a logged-in visitor sees the same form, so nothing moves when it becomes live.
  return (
    <div className={refusedOn ? 'booking' : 'booking auth-user'}>
      <SignedIn gate={refusedOn && <SessionEnded returnTo={refusedOn} />} placeholder={form}>
        {() => form}
      </SignedIn>
    </div>
  );
}
