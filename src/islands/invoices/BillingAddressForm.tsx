/**
 * The billing address form (docs/product.md#d37-invoices), loaded only where it is shown: when no
 * address is stored yet, or while it is changed.
 */
import { describeFailure } from '../../client/failures.ts';
import { saveBillingAddress } from '../../client/invoices.ts';
import { type BillingAddress as Address, BILLING_COUNTRIES, BillingAddressSchema } from '../../lib/billing-address.ts';
import { countryName } from '../../lib/countries.ts';
import { FormMessages, SelectField, SubmitButton, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { INVOICE_TEXTS as t } from './texts.ts';

const FIELDS = ['name', 'company', 'street', 'postalCode', 'city', 'country', 'vatId'] as const;

const countryOptions = (current: string) =>
  [...new Set([current, ...BILLING_COUNTRIES])].map((code) => [code, countryName(code) ?? code] as const);

export default function BillingAddressForm({
  stored,
  onSaved,
  onCancel,
}: {
  stored: Address | undefined;
  onSaved: (address: Address) => void;
  onCancel: (() => void) | undefined;
}) {
  const form = useForm(BillingAddressSchema, FIELDS, stored ?? { country: 'DE' });
  const save = form.submit(async (address) => {
    try {
      onSaved(await saveBillingAddress(address));
    } catch (failure) {
      const { message, fieldErrors } = describeFailure(failure, { http: t.saveFailed, other: t.saveFailed });
      if (fieldErrors.length > 0) {
        form.setErrors(Object.fromEntries(fieldErrors.map((error) => [error.fieldName, error.message])));
      } else form.setFormError(message);
    }
  });
  return (
    <form className="form billing__form" noValidate onSubmit={save}>
      <TextField {...form.field('name')} label={t.name} autoComplete="billing name" />
      <TextField {...form.field('company')} label={t.company} autoComplete="billing organization" />
      <TextField {...form.field('street')} label={t.street} autoComplete="billing street-address" />
      <div className="billing__place">
        <TextField {...form.field('postalCode')} label={t.postalCode} autoComplete="billing postal-code" />
        <TextField {...form.field('city')} label={t.city} autoComplete="billing address-level2" />
      </div>
      <SelectField
        {...form.field('country')}
        label={t.country}
        autoComplete="billing country"
        options={countryOptions(form.values.country)}
      />
      <TextField {...form.field('vatId')} label={t.vatId} autoComplete="off" />
      <p className="fine-print billing__hint">{t.vatIdHint}</p>
      <FormMessages error={form.formError && <p>{form.formError}</p>} />
      <div className="billing__actions">
        <SubmitButton ready={form.ready} submitting={form.submitting} label={t.save} busyLabel={t.saving} />
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
