/**
 * /cart ('Warenkorb'): the caller's entries with dates, category, article and price, removal of
 * one entry, clearing with a confirmation step, the total from the server in euro
 * (docs/product.md#d4-money) and 'Bestellen' to the payment page.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { formatAppointment } from '../../lib/dates.ts';
import { formatEuros } from '../../lib/money.ts';
import type { CartView as Cart, CartEntryView } from '../../server/features/cart/cart.service.ts';
import { $cart, emptyCart, loadCart, reloadCart, removeEntry } from '../../stores/cart.ts';
import { LoginGate, SignedIn } from '../accounts/SignedIn.tsx';
import './cart.css';
import { CART_TEXTS as t } from './texts.ts';

const datesOf = (entry: CartEntryView) => formatAppointment(entry.entryDate, entry.departureDate);

/** Grey blocks the size of a short list, while the cart loads. */
function Skeleton() {
  return (
    <div className="cart-skeleton" aria-hidden="true">
      <span />
      <span />
      <span />
    </div>
  );
}

function Entry({ entry, onRemove, busy }: { entry: CartEntryView; onRemove: () => void; busy: boolean }) {
  const { article } = entry;
  return (
    <li className="cart-entry">
      <div className="cart-entry__text">
        <p className="cart-entry__article">{article.type}</p>
        <dl className="cart-entry__details">
          <dt>{t.appointment}</dt>
          <dd>{datesOf(entry)}</dd>
          <dt>{t.category}</dt>
          <dd>
            {article.departament.number} · {article.departament.type}
          </dd>
          <dt>{t.article}</dt>
          <dd>{article.number}</dd>
        </dl>
      </div>
      <p className="cart-entry__price">{formatEuros(article.price)}</p>
      <button
        type="button"
        className="button button--secondary cart-entry__remove"
        aria-label={t.removeEntry(article.type, datesOf(entry))}
        disabled={busy}
        onClick={onRemove}
      >
        {t.remove}
      </button>
    </li>
  );
}

function FilledCart({ cart }: { cart: Cart }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The confirmation step takes the focus, so a keyboard user answers it at once.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const run = async (action: () => Promise<void>, failure: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      heading.current?.focus(); // the pressed button may be gone: keep the keyboard in the list
    } catch (caught) {
      setError(describeFailure(caught, { http: failure, other: failure }).message);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <h2 className="visually-hidden" tabIndex={-1} ref={heading}>
        {t.entries}
      </h2>
      <ul className="cart-entries">
        {cart.articles.map((entry) => (
          <Entry
            key={entry.id}
            entry={entry}
            busy={busy}
            onRemove={() => void run(() => removeEntry(entry.id), t.removeFailed)}
          />
        ))}
      </ul>
      <p className="cart-total">
        {t.total}: <strong>{formatEuros(cart.totalPriceArticles)}</strong>
      </p>
      <div className="form-message form-message--error" role="alert">
        {error && <p>{error}</p>}
      </div>
      {confirming ? (
        <div className="notice cart-clear">
          <p id="cart-clear-question">{t.clearQuestion}</p>
          <p className="button-row">
            <button
              type="button"
              className="button"
              ref={confirmButton}
              aria-describedby="cart-clear-question"
              disabled={busy}
              onClick={() => void run(emptyCart, t.clearFailed)}
            >
              {t.clearConfirm}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {t.clearCancel}
            </button>
          </p>
        </div>
      ) : (
        <p className="button-row">
          <a className="button button--accent" href="/payment-options">
            {t.order}
          </a>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t.clear}
          </button>
        </p>
      )}
    </>
  );
}

function CartContent() {
  const state = useStore($cart);
  useEffect(() => {
    void loadCart();
  }, []);

  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <>
        <p className="visually-hidden" role="status">
          {t.loading}
        </p>
        <Skeleton />
      </>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="notice" role="alert">
        <p>{describeFailure(state.error, { http: t.loadFailed, other: t.loadFailed }).message}</p>
        <p>
          <button type="button" className="button" onClick={() => void reloadCart()}>
            {t.retry}
          </button>
        </p>
      </div>
    );
  }
  if (state.cart.countArticles === 0) {
    return (
      <div className="notice">
        <p>
          <strong>{t.empty}</strong>
        </p>
        <p>
          <a className="button" href="/#kategorien">
            {t.toCategories}
          </a>
        </p>
      </div>
    );
  }
  return <FilledCart cart={state.cart} />;
}

export default function CartView() {
  const gate = <LoginGate message={t.loginRequired} returnTo="/cart" register={false} loginLabel={t.login} />;
  return (
    <SignedIn gate={gate} placeholder={<Skeleton />}>
      {() => <CartContent />}
    </SignedIn>
  );
}
