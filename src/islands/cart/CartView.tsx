/**
 * /cart ('Warenkorb'): the caller's entries with dates, quantity, category, article and line
 * price, changing an entry's quantity, removal of one entry, clearing with a confirmation step, the total from the server in euro
 * (docs/product.md#d4-money) and 'Bestellen' to the payment page.
 */
import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { formatAppointment } from '../../lib/dates.ts';
import { formatEuros } from '../../lib/money.ts';
import { formatQuantityTimesPrice } from '../../lib/units.ts';
import { $cart, emptyCart, followOtherTabs, loadCart, reloadCart, removeEntry } from '../../stores/cart.ts';
import { $cartCount } from '../../stores/cart-count.ts';
import { LoginGate, SignedIn } from '../accounts/SignedIn.tsx';
import { useFocusIfLost } from '../use-focus-if-lost.ts';
import { QuantityForm } from './QuantityForm.tsx';
import './cart.css';
import type { CartView as Cart, CartEntryView } from '../../server/features/cart/cart.views.ts';
import { CART_TEXTS as t } from './texts.ts';

const datesOf = (entry: CartEntryView) => formatAppointment(entry.entryDate, entry.departureDate);
const factsOf = (entry: CartEntryView) => ({ ...entry, unit: entry.article.unit, price: entry.article.price });

/** The most placeholders shown while loading: more would not fit the first screen anyway. */
const MAX_PLACEHOLDERS = 5;

/**
 * While the cart loads: grey lines in the entries' own boxes, as many as the header's count says
 * the cart holds, so the list takes its final size at once.
 */
function Skeleton({ entries = 1 }: { entries?: number }) {
  const line = <span className="cart-skeleton__line" />;
  return (
    <ul className="cart-entries cart-skeleton" aria-hidden="true">
      {Array.from({ length: entries }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li className="cart-entry" key={index}>
          <div className="cart-entry__text">
            <p className="cart-entry__article">{line}</p>
            <dl className="cart-entry__details">
              {[t.appointment, t.quantity, t.category, t.article].map((label) => (
                <Fragment key={label}>
                  <dt>{line}</dt>
                  <dd>{line}</dd>
                </Fragment>
              ))}
            </dl>
            <div className="cart-quantity">
              <div className="field">
                <span className="field__label">{line}</span>
                <span className="cart-skeleton__field" />
              </div>
              <span className="button button--accent form__submit cart-skeleton__button">{t.changeQuantity}</span>
            </div>
          </div>
          <p className="cart-entry__price">{line}</p>
          <span className="button button--secondary cart-entry__remove cart-skeleton__button">{t.remove}</span>
        </li>
      ))}
    </ul>
  );
}

function Entry({ entry, onRemove, busy }: { entry: CartEntryView; onRemove: () => void; busy: boolean }) {
  const { article } = entry;
  return (
    <li className="cart-entry">
      <div className="cart-entry__text">
        <p className="cart-entry__article">{article.type}</p>
        <dl className="cart-entry__details">
          <dt>{article.unit === 'month' ? t.term : t.appointment}</dt>
          <dd>{datesOf(entry)}</dd>
          <dt>{t.quantity}</dt>
          <dd>{formatQuantityTimesPrice(factsOf(entry))}</dd>
          <dt>{t.category}</dt>
          <dd>
            {article.departament.number} · {article.departament.type}
          </dd>
          <dt>{t.article}</dt>
          <dd>{article.number}</dd>
        </dl>
        <QuantityForm
          key={entry.quantity}
          entryId={entry.id}
          unit={article.unit}
          quantity={entry.quantity}
          what={`${article.type}, ${datesOf(entry)}`}
        />
      </div>
      <p className="cart-entry__price">{formatEuros(entry.linePrice)}</p>
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

function FilledCart({ cart, vatNote }: { cart: Cart; vatNote: string }) {
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
      void reloadCart(); // the cart may have changed elsewhere (an entry already gone): show it as it is
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
      <p className="fine-print">{vatNote}</p>
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

interface Props {
  /** The PAngV note under the total (docs/product.md#d4-money). */
  vatNote: string;
}

function CartContent({ vatNote }: Props) {
  const state = useStore($cart);
  const count = useStore($cartCount);
  useEffect(() => {
    void loadCart();
    return followOtherTabs();
  }, []);

  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <>
        <p className="visually-hidden" role="status">
          {t.loading}
        </p>
        <Skeleton entries={Math.min(Math.max(count ?? 1, 1), MAX_PLACEHOLDERS)} />
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
  if (state.cart.countArticles === 0) return <EmptyCart />;
  return <FilledCart cart={state.cart} vatNote={vatNote} />;
}

/** Also what remains after clearing, or when another tab emptied the cart: it takes the focus the gone list had. */
function EmptyCart() {
  const notice = useRef<HTMLDivElement>(null);
  useFocusIfLost(notice);
  return (
    <div className="notice" tabIndex={-1} ref={notice}>
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

export default function CartView({ vatNote }: Props) {
  const gate = <LoginGate message={t.loginRequired} returnTo="/cart" register={false} loginLabel={t.login} />;
  return (
    <SignedIn gate={gate} placeholder={<Skeleton />}>
      {() => <CartContent vatNote={vatNote} />}
    </SignedIn>
  );
}
