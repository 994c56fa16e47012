/**
 * /payment-options: what is ordered and what it costs (from the server), the billing address, the choice of card or
 * PayPal, and the binding 'Jetzt zahlungspflichtig bezahlen' (§ 312j BGB). No provider's script
 * loads before the visitor chooses PayPal; card payment needs none (Stripe's hosted page).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { startCardPayment } from '../../client/payments.ts';
import { formatAppointment } from '../../lib/dates.ts';
import { formatEuros } from '../../lib/money.ts';
import { formatQuantityTimesPrice } from '../../lib/units.ts';
import {
  EARLY_START_CONSENT,
  EARLY_START_REQUIRED,
  startsWithinWithdrawalPeriod,
} from '../../lib/withdrawal-period.ts';
import { $cart, followOtherTabs, loadCart, reloadCart } from '../../stores/cart.ts';
import { LoginGate, SignedIn } from '../accounts/SignedIn.tsx';
import BillingAddress, { useStoredAddress } from '../invoices/BillingAddress.tsx';
import { useFocusIfLost } from '../use-focus-if-lost.ts';
import type { PayPalSetup } from './paypal-sdk.ts';
import './payments.css';
import type { CartView } from '../../server/features/cart/cart.views.ts';
import { PAYMENT_TEXTS as t } from './texts.ts';

interface Props {
  paypal: PayPalSetup;
  /** The PAngV note under the total. */
  vatNote: string;
}

type Method = 'stripe' | 'paypal';

/** PayPal's part of the page (and its SDK loader) loads only when the visitor chooses PayPal. */
const PayPalButton = lazy(() => import('./PayPalButton.tsx'));

function CartSummary({ cart, vatNote }: { cart: CartView; vatNote: string }) {
  return (
    <section className="payment__summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{t.summaryTitle}</h2>
      <table className="booking-table">
        <caption className="visually-hidden">{t.summaryCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.article}</th>
            <th scope="col">{t.appointment}</th>
            <th scope="col">{t.quantity}</th>
            <th scope="col" className="payment__price">
              {t.price}
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.articles.map((entry) => (
            <tr key={entry.id}>
              <td data-label={t.article}>{entry.article.type}</td>
              <td data-label={t.appointment}>{formatAppointment(entry.entryDate, entry.departureDate)}</td>
              <td data-label={t.quantity}>
                {formatQuantityTimesPrice({ ...entry, unit: entry.article.unit, price: entry.article.price })}
              </td>
              <td data-label={t.price} className="payment__price">
                {formatEuros(entry.linePrice)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="payment__total">
        {t.total}: <strong>{formatEuros(cart.totalPriceArticles)}</strong>
      </p>
      <p className="fine-print">
        {vatNote} {t.terms} <a href="/agb">{t.agb}</a>. {t.withdrawalRight}{' '}
        <a href="/widerrufsbelehrung">{t.withdrawalNotice}</a>, {t.privacyLead} <a href="/privacypolicy">{t.privacy}</a>
        .
      </p>
    </section>
  );
}

function PaymentForm({ cart, paypal }: { cart: CartView; paypal: PayPalSetup }) {
  const [method, setMethod] = useState<Method>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const amountCents = Math.round(cart.totalPriceArticles * 100);
  // An appointment within the withdrawal period needs the consumer's express request (docs/product.md#d31-consumer-law).
  const needsEarlyStart = cart.articles.some((entry) => startsWithinWithdrawalPeriod(entry.entryDate));
  const [earlyStart, setEarlyStart] = useState(false);
  const consentBox = useRef<HTMLInputElement>(null);
  /** True when the payment may start; else says why and leads to the box. */
  const consentGiven = () => {
    if (!needsEarlyStart || earlyStart) return true;
    setError(EARLY_START_REQUIRED);
    consentBox.current?.focus();
    return false;
  };
  const showFailure = useCallback((message: string, status: number | undefined) => {
    setError(message);
    // The cart changed elsewhere (emptied: 400, other prices: 409): show it as it is now. An
    // empty cart then replaces the table and the pay button with its notice.
    if (status === 400 || status === 409) void reloadCart();
  }, []);

  const payByCard = async () => {
    if (!method) {
      setError(t.noMethod);
      return;
    }
    if (!consentGiven()) return;
    setBusy(true);
    setError(undefined);
    try {
      const { url } = await startCardPayment(amountCents, window.location.origin, needsEarlyStart);
      window.location.assign(url);
    } catch (failure) {
      const { status, message } = describeFailure(failure, { http: t.stripeFailed, other: t.stripeFailed });
      setBusy(false);
      showFailure(message, status);
    }
  };

  return (
    <form
      className="payment__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void payByCard();
      }}
    >
      <fieldset className="payment__methods">
        <legend>{t.methodTitle}</legend>
        {(
          [
            ['stripe', t.card],
            ['paypal', t.paypal],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="payment__method">
            <input
              type="radio"
              name="paymentMethod"
              value={value}
              checked={method === value}
              onChange={() => {
                setMethod(value);
                setError(undefined);
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {needsEarlyStart && (
        <label className="payment__consent">
          <input
            type="checkbox"
            ref={consentBox}
            checked={earlyStart}
            onChange={(event) => {
              setEarlyStart(event.target.checked);
              setError(undefined);
            }}
          />
          <span>{EARLY_START_CONSENT}</span>
        </label>
      )}
      <div className="form-message form-message--error" role="alert">
        {error && <p>{error}</p>}
      </div>
      {method === 'paypal' ? (
        <Suspense
          fallback={
            <button type="button" className="button button--accent" disabled>
              {t.paypalLoading}
            </button>
          }
        >
          <PayPalButton
            setup={paypal}
            amountCents={amountCents}
            earlyStart={needsEarlyStart}
            mayPay={consentGiven}
            onError={showFailure}
          />
        </Suspense>
      ) : (
        <button type="submit" className="button button--accent" disabled={busy}>
          {busy ? t.paying : t.pay}
        </button>
      )}
    </form>
  );
}

/** The cart is empty, also when another tab emptied or paid it: no table, nothing to pay. */
function EmptyCart() {
  const notice = useRef<HTMLDivElement>(null);
  useFocusIfLost(notice);
  return (
    <div className="notice" tabIndex={-1} ref={notice}>
      <p>{t.cartEmpty}</p>
      <a className="button" href="/cart">
        {t.toCart}
      </a>
    </div>
  );
}

function Payment({ paypal, vatNote }: Props) {
  const state = useStore($cart);
  // Orders are paid with a billing address on file (docs/product.md#d37-invoices).
  const [billing, setBilling] = useStoredAddress();
  useEffect(() => {
    void loadCart();
    return followOtherTabs();
  }, []);
  return (
    <>
      {(state.status === 'idle' || state.status === 'loading' || billing.state === 'loading') && (
        <p role="status">{t.loading}</p>
      )}
      {state.status === 'failed' && (
        <div className="notice" role="alert">
          <p>{t.cartFailed}</p>
          <button type="button" className="button" onClick={() => void reloadCart()}>
            {t.retry}
          </button>
        </div>
      )}
      {state.status === 'loaded' &&
        billing.state !== 'loading' &&
        (state.cart.countArticles === 0 ? (
          <EmptyCart />
        ) : (
          <div className="payment">
            <CartSummary cart={state.cart} vatNote={vatNote} />
            <div className="payment__checkout">
              <BillingAddress stored={billing} onSaved={setBilling} />
              {billing.state === 'loaded' && billing.address ? (
                <PaymentForm cart={state.cart} paypal={paypal} />
              ) : (
                <p className="fine-print">{t.billingFirst}</p>
              )}
            </div>
          </div>
        ))}
    </>
  );
}

export default function PaymentOptions(props: Props) {
  const gate = (
    <LoginGate message={t.loginRequired} returnTo="/payment-options" register={false} loginLabel={t.login} />
  );
  return (
    <SignedIn gate={gate} placeholder={<p>{t.loading}</p>}>
      {() => <Payment {...props} />}
    </SignedIn>
  );
}
