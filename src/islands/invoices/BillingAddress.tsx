/**
 * The customer's billing address (docs/product.md#d37-invoices): the form when none is stored
 * or while it is changed, else the stored address with 'Ändern'. On the payment page (which
 * pays only with an address) and in the profile; each page loads the address with its other
 * data, so nothing moves when it arrives.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { fetchBillingAddress } from '../../client/invoices.ts';
import type { BillingAddress as Address } from '../../lib/billing-address.ts';
import { countryName } from '../../lib/countries.ts';
import type { Loadable } from '../loadable.ts';
import { INVOICE_TEXTS as t } from './texts.ts';
import './invoices.css';

/**
 * The form's rules (VAT numbers, countries) load only where the form is shown, and before it is
 * shown: with the answer that has no address, or on 'Ändern'. So the form is drawn in one pass, not
 * as a 'Lädt …' line growing into the form and pushing down what a person is reading below it.
 */
let AddressForm: typeof import('./BillingAddressForm.tsx')['default'] | undefined;
const loadAddressForm = async () => {
  AddressForm ??= (await import('./BillingAddressForm.tsx')).default;
};

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
    fetchBillingAddress()
      .then(async (address) => {
        if (!address) await loadAddressForm(); // the form shows at once
        setState({ state: 'loaded', address });
      })
      .catch(() => setState({ state: 'failed', message: t.loadFailed }));
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
  const [formFailed, setFormFailed] = useState(false);
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
          {AddressForm && (
            <AddressForm
              stored={address}
              onCancel={address ? () => setEditing(false) : undefined}
              onSaved={(next) => {
                onSaved(next);
                setEditing(false);
                setSaved(true);
              }}
            />
          )}
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
              setFormFailed(false);
              loadAddressForm().then(
                () => setEditing(true),
                () => setFormFailed(true),
              );
            }}
          >
            {t.change}
            <span className="visually-hidden"> {t.billingTitle}</span>
          </button>
        </>
      )}
      {formFailed && !showForm && <p className="form-message--error">{t.loadFailed}</p>}
      <p className="form-message form-message--success" role="status">
        {saved && !showForm ? t.saved : ''}
      </p>
    </section>
  );
}
