/** /profilepage: the user's first name and e-mail, their billing address, and their orders, newest first. */
import { useStore } from '@nanostores/react';
import { startTransition, useEffect, useState } from 'react';
import { fetchBookings } from '../../client/bookings.ts';
import { describeFailure } from '../../client/failures.ts';
import type { CurrentUserView } from '../../server/features/accounts/accounts.views.ts';
import { $auth } from '../../stores/accounts.ts';
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

/** An address that breaks before its '@' when the line is too short, not after any letter. */
const EmailAddress = ({ address }: { address: string }) => {
  const at = address.lastIndexOf('@');
  return at > 0 ? (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  ) : (
    address
  );
};

function Profile({ user }: { user: CurrentUserView }) {
  const [list, setList] = useState<LoadedBookings>({ state: 'loading' });
  const [billing, setBilling] = useStoredAddress();
  useEffect(() => {
    fetchBookings().then(
      // A long history renders in slices between which the browser answers a tap (no long task).
      (bookings) => startTransition(() => setList({ state: 'loaded', bookings })),
      (error: unknown) =>
        setList({
          state: 'failed',
          message: describeFailure(error, { http: t.bookingsFailed, other: t.bookingsFailed }).message,
        }),
    );
  }, []);
  return (
    <>
      <div className="profile__head">
        <dl className="profile__details">
          <dt>{t.firstName}</dt>
          <dd>{user.firstName}</dd>
          <dt>{t.email}</dt>
          <dd>
            <EmailAddress address={user.email} />
          </dd>
        </dl>
        <BillingAddress stored={billing} onSaved={setBilling} />
      </div>
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

  useEffect(() => {
    void verifyStoredSession();
  }, []);

  return (
    <SignedIn gate={<LoginGate message={t.loginRequired} returnTo="/profilepage" />} placeholder={placeholder}>
      {() => (user ? <Profile user={user} /> : placeholder)}
    </SignedIn>
  );
}
