/**
 * /success, where a provider sends the customer back: the server is asked about the payment (it
 * asks the provider itself) and the page says what it answers. 'Zahlung erfolgreich!' only for a
 * payment the server knows as paid; a payment the provider still processes reads as such, never
 * as failed, and is asked about again for a while (docs/product.md#d32-payment-states). Without a
 * payment to look at, the page only leads to the orders.
 */
import { useEffect, useRef, useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { confirmPayment } from '../../client/payments.ts';
import type { NextStepFacts } from '../../lib/next-steps.ts';
import { kindsOf, type ProductKind } from '../../lib/product-kinds.ts';
import { reloadCart } from '../../stores/cart.ts';
import { NextSteps } from '../bookings/NextSteps.tsx';
import { PAYER_NAME_KEY, PAYMENT_TEXTS, SUCCESS_TEXTS as t } from './texts.ts';

/** What the provider sent the customer back with (read by the page from its query). */
interface Returned {
  bookingId: number;
  sessionId: string;
  method: 'stripe' | 'paypal';
}

type Confirmation =
  | { state: 'none' }
  | { state: 'checking' }
  | { state: 'paid'; kinds: ProductKind[] }
  | { state: 'processing'; stillAsking: boolean }
  | { state: 'refunded' }
  | { state: 'declined' }
  | { state: 'failed'; message: string };

/** A payment in processing is asked about again every 5 s for two minutes. */
const POLL_MS = 5000;
const POLLS = 24;

export default function PaymentSuccess({ returned, facts }: { returned?: Returned; facts: NextStepFacts }) {
  const [confirmation, setConfirmation] = useState<Confirmation>(returned ? { state: 'checking' } : { state: 'none' });
  const [payer, setPayer] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (!returned || started.current) return; // one confirmation per visit
    started.current = true;
    setPayer(sessionStorage.getItem(PAYER_NAME_KEY) ?? undefined);
    sessionStorage.removeItem(PAYER_NAME_KEY);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (polls: number) =>
      confirmPayment({
        bookingId: returned.bookingId,
        sessionId: returned.sessionId,
        paymentMethod: returned.method,
      }).then(
        (booking) => {
          if (booking.status === 'paid') {
            setConfirmation({ state: 'paid', kinds: kindsOf(booking.items) });
            void reloadCart();
          } else if (booking.status === 'refunded') {
            setConfirmation({ state: 'refunded' });
          } else {
            const stillAsking = polls < POLLS;
            setConfirmation({ state: 'processing', stillAsking });
            if (stillAsking) timer = setTimeout(() => void ask(polls + 1), POLL_MS);
          }
        },
        (error: unknown) => {
          const { status, message } = describeFailure(error, { http: t.failed, other: t.failed });
          // 402: the provider declined it or never finished it (also after a while in processing).
          setConfirmation(status === 402 ? { state: 'declined' } : { state: 'failed', message });
        },
      );
    void ask(0);
    return () => clearTimeout(timer);
  }, [returned]);

  return (
    <>
      <div role="status" className="payment__confirmation">
        {confirmation.state === 'none' && <p>{t.nothingToConfirm}</p>}
        {confirmation.state === 'checking' && <p>{t.confirming}</p>}
        {confirmation.state === 'paid' && (
          <>
            <h2>{t.paidTitle}</h2>
            {payer && <p>{PAYMENT_TEXTS.paypalPaid(payer)}</p>}
            <p className="form-message--success">{t.confirmed}</p>
          </>
        )}
        {confirmation.state === 'processing' && (
          <>
            <h2>{t.processingTitle}</h2>
            <p>{t.processing}</p>
            {!confirmation.stillAsking && <p>{t.processingLater}</p>}
          </>
        )}
        {confirmation.state === 'refunded' && <p>{t.refunded}</p>}
        {confirmation.state === 'declined' && (
          <>
            <h2>{t.declinedTitle}</h2>
            <p>{t.declined}</p>
            <p>{t.declinedNext}</p>
          </>
        )}
      </div>
      {confirmation.state === 'paid' && <NextSteps kinds={confirmation.kinds} facts={facts} />}
      <div role="alert">
        {confirmation.state === 'failed' && <p className="form-message--error">{confirmation.message}</p>}
      </div>
      {confirmation.state === 'declined' ? (
        <p className="button-row">
          <a className="button button--accent" href="/payment-options">
            {t.payAgain}
          </a>
          <a className="button button--secondary" href="/cart">
            {t.toCart}
          </a>
        </p>
      ) : (
        <p>
          <a className="button button--accent" href="/checkout">
            {t.details}
          </a>
        </p>
      )}
    </>
  );
}
