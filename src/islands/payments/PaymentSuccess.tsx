/**
 * /success: when the provider sent the customer back with `session_id` and `bookingId`, the
 * server is asked to confirm the payment (it checks with the provider itself), then the cart in
 * the header is brought up to date.
 */
import { useEffect, useRef, useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { confirmPayment } from '../../client/payments.ts';
import { reloadCart } from '../../stores/cart.ts';
import { PAYER_NAME_KEY, PAYMENT_TEXTS, SUCCESS_TEXTS as t } from './texts.ts';

type Confirmation = { state: 'none' } | { state: 'pending' } | { state: 'done' } | { state: 'failed'; message: string };

export default function PaymentSuccess() {
  const [confirmation, setConfirmation] = useState<Confirmation>({ state: 'none' });
  const [payer, setPayer] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // one confirmation per visit
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    const sessionId = query.get('session_id');
    const bookingId = Number(query.get('bookingId'));
    setPayer(sessionStorage.getItem(PAYER_NAME_KEY) ?? undefined);
    sessionStorage.removeItem(PAYER_NAME_KEY);
    if (!sessionId || !Number.isInteger(bookingId) || bookingId <= 0) return;
    setConfirmation({ state: 'pending' });
    const paymentMethod = query.get('method') === 'paypal' ? 'paypal' : 'stripe';
    confirmPayment({ bookingId, sessionId, paymentMethod }).then(
      () => {
        setConfirmation({ state: 'done' });
        void reloadCart();
      },
      (error: unknown) =>
        setConfirmation({
          state: 'failed',
          message: describeFailure(error, { http: t.failed, other: t.failed }).message,
        }),
    );
  }, []);

  return (
    <>
      <div role="status" className="payment__confirmation">
        {payer && <p>{PAYMENT_TEXTS.paypalPaid(payer)}</p>}
        {confirmation.state === 'pending' && <p>{t.confirming}</p>}
        {confirmation.state === 'done' && <p className="form-message--success">{t.confirmed}</p>}
      </div>
      <div role="alert">
        {confirmation.state === 'failed' && <p className="form-message--error">{confirmation.message}</p>}
      </div>
      <p>
        <a className="button button--accent" href="/checkout">
          {t.details}
        </a>
      </p>
    </>
  );
}
