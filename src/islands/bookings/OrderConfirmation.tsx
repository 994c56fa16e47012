/**
 * /checkout ('Bestellung'): confirms the order on opening (`POST /booking/confirm`, which changes
 * nothing that is already ordered) and lists the caller's bookings with their status.
 */
import { useEffect, useState } from 'react';
import { confirmBookings } from '../../client/bookings.ts';
import { describeFailure } from '../../client/failures.ts';
import { LoginGate, SignedIn } from '../accounts/SignedIn.tsx';
import { BookingTable, type LoadedBookings } from './BookingTable.tsx';
import { CHECKOUT_TEXTS as t } from './texts.ts';

function Orders() {
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
            <p>{t.nextStep}</p>
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

export default function OrderConfirmation() {
  return (
    <SignedIn gate={<LoginGate message={t.loginRequired} returnTo="/checkout" />} placeholder={<p>{t.loading}</p>}>
      {() => <Orders />}
    </SignedIn>
  );
}
