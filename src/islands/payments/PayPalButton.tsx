/**
 * The PayPal button of the payment page: the SDK's one-time payment session, started with an
 * order the server creates for its own total; approval is captured by the server, which also
 * decides whether it counts (docs/product.md#d21-paypal). A capture PayPal still processes leads
 * to /success all the same, which says so; a declined funding source leaves the button for the
 * payer to choose another one (the server hands out the same order again).
 */
import type { OneTimePaymentSession } from '@paypal/paypal-js/sdk-v6';
import { useEffect, useRef, useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { capturePayPalOrder, createPayPalOrder } from '../../client/payments.ts';
import { loadPayPal, type PayPalSetup } from './paypal-sdk.ts';
import { PAYER_NAME_KEY, PAYMENT_TEXTS as t } from './texts.ts';

interface Props {
  setup: PayPalSetup;
  amountCents: number;
  /** `status`: the API's answer when it refused the order (the cart changed elsewhere: 400, 409). */
  onError: (message: string, status?: number) => void;
}

export default function PayPalButton({ setup, amountCents, onError }: Props) {
  const session = useRef<OneTimePaymentSession | null>(null);
  // A refused order has its own message; PayPal's generic error must not replace it.
  const orderRefused = useRef(false);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    loadPayPal(setup)
      .then((paypal) =>
        paypal.createInstance({
          clientId: setup.clientId,
          components: ['paypal-payments'],
          pageType: 'checkout',
          locale: 'de-DE',
        }),
      )
      .then((sdk) => {
        if (!live) return;
        session.current = sdk.createPayPalOneTimePaymentSession({
          onApprove: async ({ orderId }) => {
            try {
              const paid = await capturePayPalOrder(orderId);
              if (paid.status === 'paid') sessionStorage.setItem(PAYER_NAME_KEY, paid.payerName || t.payerFallback);
              const query = new URLSearchParams({
                bookingId: String(paid.bookingId),
                session_id: orderId,
                method: 'paypal',
              });
              window.location.assign(`/success?${query}`);
            } catch (failure) {
              setBusy(false);
              onError(describeFailure(failure, { http: t.paypalCaptureFailed, other: t.paypalCaptureFailed }).message);
            }
          },
          onCancel: () => window.location.assign('/cancel'),
          onError: () => {
            setBusy(false);
            if (!orderRefused.current) onError(t.paypalError);
          },
        });
        setReady(true);
      })
      .catch(() => live && onError(t.paypalError));
    return () => {
      live = false;
    };
  }, [setup, onError]);

  const pay = () => {
    if (!session.current) return;
    setBusy(true);
    orderRefused.current = false;
    // The order is created while PayPal's window opens; a refused order ends in onError.
    const order = createPayPalOrder(amountCents).then(
      ({ orderId }) => ({ orderId }),
      (failure: unknown) => {
        orderRefused.current = true;
        const { message, status } = describeFailure(failure, { http: t.paypalError, other: t.paypalError });
        onError(message, status);
        throw failure;
      },
    );
    void session.current.start({ presentationMode: 'auto' }, order).catch(() => setBusy(false));
  };

  return (
    <button type="button" className="button button--accent payment__paypal" disabled={!ready || busy} onClick={pay}>
      {ready ? t.payWithPayPal : t.paypalLoading}
    </button>
  );
}
