/**
 * /checkout ('Bestellung'): confirms the order on opening (`POST /booking/confirm`, which changes
 * nothing that is already ordered), lists the caller's bookings with their status, and says what
 * to do next for each kind of thing paid for (docs/product.md#d36-next-steps).
 */
import { useEffect, useState } from 'react';
import { fetchBookingConfirmation } from '../../client/bookings.ts';
import { describeFailure } from '../../client/failures.ts';
import type { NextStepFacts } from '../../lib/next-steps.ts';
import { kindsOf } from '../../lib/product-kinds.ts';
import { LoginGate, SignedIn } from '../accounts/SignedIn.tsx';
import { BookingTable, type LoadedBookings } from './BookingTable.tsx';
import { NextSteps } from './NextSteps.tsx';
import { CONFIRMATION_TEXTS as t } from './texts.ts';

function Confirmation({ facts }: Props) {
  const [list, setList] = useState<LoadedBookings>({ state: 'loading' });
  useEffect(() => {
    fetchBookingConfirmation().then(
      (bookings) => setList({ state: 'loaded', bookings }),
      (error: unknown) =>
        setList({ state: 'failed', message: describeFailure(error, { http: t.failed, other: t.failed }).message }),
    );
  }, []);
  return (
    <section aria-busy={list.state === 'loading'}>
      {list.state === 'loading' && <p role="status">{t.loading}</p>}
      {list.state === 'failed' && <p role="alert">{list.message}</p>}
      {list.state === 'loaded' &&
        (list.bookings.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <>
            <p>{t.intro}</p>
            <BookingTable bookings={list.bookings} caption={t.caption} />
            <NextSteps
              kinds={kindsOf(
                list.bookings.filter((booking) => booking.status === 'paid').flatMap((booking) => booking.items),
              )}
              facts={facts}
            />
          </>
        ))}
      {/* Below what loads, so it comes with it rather than being pushed down by it. */}
      {list.state !== 'loading' && (
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

export default function BookingConfirmation({ facts }: Props) {
  return (
    <SignedIn gate={<LoginGate message={t.loginRequired} returnTo="/checkout" />} placeholder={<p>{t.loading}</p>}>
      {() => <Confirmation facts={facts} />}
    </SignedIn>
  );
}
