/**
 * /checkout ('Bestellung'): confirms the order on opening (`POST /booking/confirm`, which changes
 * nothing that is already ordered), lists the caller's bookings with their status, and says what
 * to do next for each kind of thing paid for (docs/product.md#d36-next-steps).
 */
import { useEffect, useState } from 'react';
import { confirmBookings } from '../../client/bookings.ts';
import { describeFailure } from '../../client/failures.ts';
import { kindsOf, type NextStepFacts } from '../../lib/product-kinds.ts';
import { LoginGate, SignedIn } from '../accounts/SignedIn.tsx';
import { BookingTable, type LoadedBookings } from './BookingTable.tsx';
import { NextSteps } from './NextSteps.tsx';
import { CHECKOUT_TEXTS as t } from './texts.ts';

function Orders({ facts }: Props) {
  const [orders, setOrders] = useState<LoadedBookings>({ state: 'loading' });
  useEffect(() => {
    confirmBookings().then(
      (bookings) => setOrders({ state: 'loaded', bookings }),
      (error: unknown) =>
        setOrders({ state: 'failed', message: describeFailure(error, { http: t.failed, other: t.failed }).message }),
    );
  }, []);
  return (
    <section aria-busy={orders.state === 'loading'}>
      {orders.state === 'loading' && <p role="status">{t.loading}</p>}
      {orders.state === 'failed' && <p role="alert">{orders.message}</p>}
      {orders.state === 'loaded' &&
        (orders.bookings.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <>
            <p>{t.intro}</p>
            <BookingTable bookings={orders.bookings} caption={t.caption} />
            <NextSteps
              kinds={kindsOf(
                orders.bookings.filter((booking) => booking.status === 'paid').flatMap((booking) => booking.items),
              )}
              facts={facts}
            />
          </>
        ))}
      {/* Below what loads, so it comes with it rather than being pushed down by it. */}
      {orders.state !== 'loading' && (
        <p>
          <a className="button" href="/profilepage">
            {t.toProfile}
          </a>
        </p>
      )}
    </section>
  );
}

interface Props {
  /** The agency's address and the print file rules, from the content files. */
  facts: NextStepFacts;
}

export default function OrderConfirmation({ facts }: Props) {
  return (
    <SignedIn gate={<LoginGate message={t.loginRequired} returnTo="/checkout" />} placeholder={<p>{t.loading}</p>}>
      {() => <Orders facts={facts} />}
    </SignedIn>
  );
}
