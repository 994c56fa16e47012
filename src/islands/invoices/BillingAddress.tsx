/**
 * The customer's billing address (docs/product.md#d37-invoices): the form when none is stored
 * or while it is changed, else the stored address with 'Ändern'. On the payment page (which
 * pays only with an address) and in the profile; each page loads the address with its other
 * data, so nothing moves when it arrives.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { fetchBillingAddress, saveBillingAddress } from '../../client/invoices.ts';
import {
  type BillingAddress as Address,
  BILLING_COUNTRIES,
  BillingAddressSchema,
  countryName,
} from '../../lib/invoices.ts';
import { FormMessages, SelectField, SubmitButton, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import type { Loadable } from '../loadable.ts';
import { INVOICE_TEXTS as t } from './texts.ts';
import './invoices.css';

const FIELDS = ['name', 'company', 'street', 'postalCode', 'city', 'country', 'vatId'] as const;

const countryOptions = (current: string) =>
  [...new Set([current, ...BILLING_COUNTRIES])].map((code) => [code, countryName(code) ?? code] as const);

function AddressForm({
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

function AddressLines({ address }: { address: Address }) {
  return (
    <address className="billing__address">
      {address.company && (
        <>
          {address.company}
          <br />
        </>
      )}
      {address.name}
      <br />
      {address.street}
      <br />
      {address.postalCode} {address.city}
      {address.country !== 'DE' && (
        <>
          <br />
          {countryName(address.country) ?? address.country}
        </>
      )}
      {address.vatId && (
        <>
          <br />
          {t.vatIdLabel} {address.vatId}
        </>
      )}
    </address>
  );
}

export type StoredAddress = Loadable<{ address: Address | undefined }>;

/** The stored billing address, loaded once by the page that shows it. */
export function useStoredAddress(): [StoredAddress, (address: Address) => void] {
  const [state, setState] = useState<StoredAddress>({ state: 'loading' });
  useEffect(() => {
    fetchBillingAddress().then(
      (address) => setState({ state: 'loaded', address }),
      () => setState({ state: 'failed', message: t.loadFailed }),
    );
  }, []);
  return [state, (address) => setState({ state: 'loaded', address })];
}

/** The address, or the form while there is none or it is changed; `onSaved` learns the new one. */
export default function BillingAddress({
  stored,
  onSaved,
}: {
  stored: StoredAddress;
  onSaved: (address: Address) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const titleId = useId();
  const changeButton = useRef<HTMLButtonElement>(null);

  const address = stored.state === 'loaded' ? stored.address : undefined;
  const showForm = stored.state === 'loaded' && (editing || !address);
  // Once saved, the form gives way to the address: the focus goes to its 'Ändern', not to the page.
  useEffect(() => {
    if (saved && !showForm) changeButton.current?.focus();
  }, [saved, showForm]);
  return (
    <section className="billing" aria-labelledby={titleId} aria-busy={stored.state === 'loading'}>
      <h2 id={titleId}>{t.billingTitle}</h2>
      {stored.state === 'loading' && <p role="status">{t.loading}</p>}
      {stored.state === 'failed' && <p className="form-message--error">{stored.message}</p>}
      {showForm && (
        <>
          {!address && <p>{t.billingIntro}</p>}
          <AddressForm
            stored={address}
            onCancel={address ? () => setEditing(false) : undefined}
            onSaved={(next) => {
              onSaved(next);
              setEditing(false);
              setSaved(true);
            }}
          />
        </>
      )}
      {address && !showForm && (
        <>
          <AddressLines address={address} />
          <button
            type="button"
            ref={changeButton}
            className="button button--secondary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {t.change}
            <span className="visually-hidden"> {t.billingTitle}</span>
          </button>
        </>
      )}
      <p className="form-message form-message--success" role="status">
        {saved && !showForm ? t.saved : ''}
      </p>
    </section>
  );
}
