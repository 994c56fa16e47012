/** /profilepage: the user's first name and e-mail, their billing address, and their orders, newest first. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { fetchBookings } from '../../client/bookings.ts';
import { describeFailure } from '../../client/failures.ts';
import { fetchBillingAddress } from '../../client/invoices.ts';
import type { CurrentUserView } from '../../server/features/accounts/accounts.views.ts';
import { $auth, $isAuthorized } from '../../stores/accounts.ts';
import { verifyStoredSession } from '../../stores/session-check.ts';
import { BookingTable, type LoadedBookings } from '../bookings/BookingTable.tsx';
import BillingAddress, { useStoredAddress } from '../invoices/BillingAddress.tsx';
import { LoginGate, SignedIn } from './SignedIn.tsx';
import { PROFILE_TEXTS as t } from './texts.ts';

function BookingList({ list }: { list: LoadedBookings }) {
  if (list.state === 'loading') return <p className="profile__loading">{t.bookingsLoading}</p>;
  if (list.state === 'failed') return <p className="form-message--error">{list.message}</p>;
  if (list.bookings.length === 0) return <p>{t.noBookings}</p>;
  return <BookingTable bookings={list.bookings} caption={t.bookingsTitle} />;
}

/** The profile's data, asked for at once beside the session check that brings the user. */
interface Loads {
  bookings: ReturnType<typeof fetchBookings>;
  address: ReturnType<typeof fetchBillingAddress>;
}

/** Its failure is shown once the profile is; until then it is no unhandled rejection in the console. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

function Profile({ user, loads }: { user: CurrentUserView; loads: Loads }) {
  const [list, setList] = useState<LoadedBookings>({ state: 'loading' });
  const [billing, setBilling] = useStoredAddress(loads.address);
  useEffect(() => {
    loads.bookings.then(
      (bookings) => setList({ state: 'loaded', bookings }),
      (error: unknown) =>
        setList({
          state: 'failed',
          message: describeFailure(error, { http: t.bookingsFailed, other: t.bookingsFailed }).message,
        }),
    );
  }, [loads]);
  return (
    <>
      <dl className="profile__details">
        <dt>{t.firstName}</dt>
        <dd>{user.firstName}</dd>
        <dt>{t.email}</dt>
        <dd>{user.email}</dd>
      </dl>
      <BillingAddress stored={billing} onSaved={setBilling} />
      {/* Below the address once its height is known, so the orders never move while a person reads them. */}
      {billing.state !== 'loading' && (
        <section aria-labelledby="orders-title" aria-busy={list.state === 'loading'}>
          <h2 id="orders-title">{t.bookingsTitle}</h2>
          <BookingList list={list} />
        </section>
      )}
    </>
  );
}

const placeholder = <div className="profile__placeholder" aria-hidden="true" />;

export default function ProfileView() {
  const { user } = useStore($auth);
  // Not after the user has loaded: the page's largest text, the address, comes a round trip sooner.
  const [loads, setLoads] = useState<Loads>();
  useEffect(() => {
    void verifyStoredSession();
    if ($isAuthorized.get()) setLoads({ bookings: started(fetchBookings()), address: started(fetchBillingAddress()) });
  }, []);

  return (
    <SignedIn gate={<LoginGate message={t.loginRequired} returnTo="/profilepage" />} placeholder={placeholder}>
      {() => (user && loads ? <Profile user={user} loads={loads} /> : placeholder)}
    </SignedIn>
  );
}
