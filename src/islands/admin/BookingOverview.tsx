/**
 * /admin/bestellungen: every booking, newest first, filtered by status and searched by order
 * number, name or e-mail, a page of 20 at a time from the server; a booking left unpaid past its
 * payment window can be cancelled here, a paid one refunded (docs/product.md#d23-admin-editing-and-orders,
 * #d33-refunds); a test payment says so, and so do a payer's dispute and a refund pending or
 * failed at the provider (#d32-payment-states); a paid order's materials and progress (#d36-next-steps).
 */
import { Fragment, startTransition, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cancelBooking, fetchAllBookings, refundBooking } from '../../client/admin.ts';
import { describeFailure } from '../../client/failures.ts';
import { formatGermanDate } from '../../lib/dates.ts';
import { formatEuros } from '../../lib/money.ts';
import { PAYMENT_METHOD_NAMES } from '../../lib/payments.ts';
import { formatLine } from '../../lib/units.ts';
import type { AdminBookingPage, AdminBookingView, BookingQuery } from '../../server/features/admin/admin.views.ts';
import type { BookingStatus } from '../../server/features/bookings/bookings.views.ts';
import { BOOKING_STATUS_LABELS } from '../bookings/texts.ts';
import { FormMessages } from '../forms/fields.tsx';
import { InvoiceLinks } from '../invoices/InvoiceLinks.tsx';
import type { Loadable } from '../loadable.ts';
import { AdminOnly } from './AdminOnly.tsx';
import { useAdminMessages } from './admin-messages.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { LoadStatus } from './LoadStatus.tsx';
import { OrderMaterials } from './OrderMaterials.tsx';
import { ADMIN_TEXTS, BOOKING_OVERVIEW_TEXTS as t } from './texts.ts';

type Overview = Loadable<{ page: AdminBookingPage }>;

function Filters({ onSearch }: { onSearch: (query: Omit<BookingQuery, 'page'>) => void }) {
  const statusId = useId();
  const searchId = useId();
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [q, setQ] = useState('');
  return (
    <search>
      <form
        className="admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch({ status: status || undefined, q: q.trim() || undefined });
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={statusId}>
            {t.filterStatus}
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as BookingStatus | '')}
          >
            <option value="">{t.allStatuses}</option>
            {(Object.keys(BOOKING_STATUS_LABELS) as BookingStatus[]).map((value) => (
              <option key={value} value={value}>
                {BOOKING_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field admin-filters__search">
          <label className="field__label" htmlFor={searchId}>
            {t.search}
          </label>
          <input id={searchId} type="search" value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} />
        </div>
        <button type="submit" className="button">
          {t.searchButton}
        </button>
      </form>
    </search>
  );
}

/** What became of the payment after it was made: the payer's dispute, a refund pending or failed. */
function AfterPayment({ booking }: { booking: AdminBookingView }) {
  const { dispute, refund } = booking;
  const notes = [
    ...(dispute
      ? [
          t.dispute[dispute.outcome](formatGermanDate(dispute.disputedAt)),
          t.disputeReason(dispute.reason),
          ...(dispute.outcome === 'open' && dispute.respondBy
            ? [t.respondBy(formatGermanDate(dispute.respondBy))]
            : []),
        ]
      : []),
    ...(refund?.status === 'pending' ? [t.refundPendingNote(formatGermanDate(refund.at))] : []),
    ...(refund?.status === 'failed' && booking.status === 'paid'
      ? [t.refundFailedNote(formatGermanDate(refund.at))]
      : []),
  ];
  return notes.map((note) => (
    <Fragment key={note}>
      <br />
      <span className="admin-withdrawn">{note}</span>
    </Fragment>
  ));
}

function Overview() {
  const messages = useAdminMessages();
  const [query, setQuery] = useState<BookingQuery>({ page: 1 });
  const [overview, setOverview] = useState<Overview>({ state: 'loading' });
  const table = useRef<HTMLTableElement>(null);
  const latest = useRef(0);
  const load = useCallback(async (wanted: BookingQuery) => {
    // Only the last request's answer is shown: the whole list, asked for at the start and answering
    // after a search sent meanwhile, must not replace the search's result.
    const request = ++latest.current;
    // A page of 20 rows renders in slices between which the browser answers a tap (no long task).
    const shown = (next: Overview) => request === latest.current && startTransition(() => setOverview(next));
    try {
      shown({ state: 'loaded', page: await fetchAllBookings(wanted) });
    } catch (failure) {
      shown({ state: 'failed', message: describeFailure(failure, { http: ADMIN_TEXTS.loadFailed }).message });
    }
  }, []);
  useEffect(() => {
    void load(query);
  }, [load, query]);

  return (
    <>
      <Filters onSearch={(filters) => setQuery({ ...filters, page: 1 })} />
      <div className="admin-messages">
        <FormMessages
          error={messages.error && <p>{messages.error}</p>}
          success={messages.success && <p>{messages.success}</p>}
        />
      </div>
      <LoadStatus of={overview} />
      {overview.state === 'loaded' && (
        <section aria-busy={false}>
          <p role="status">{t.found(overview.page.total)}</p>
          {overview.page.bookings.length === 0 ? (
            <p>{t.none}</p>
          ) : (
            <div className="admin-table-scroll">
              <table className="booking-table admin-orders" tabIndex={-1} ref={table}>
                <caption className="visually-hidden">{t.caption}</caption>
                <thead>
                  <tr>
                    {[t.number, t.date, t.customer, t.items, t.total, t.status, t.method, t.actions].map((label) => (
                      <th key={label} scope="col">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {overview.page.bookings.map((booking) => (
                    <tr key={booking.id}>
                      <td data-label={t.number}>{booking.bookingNumber}</td>
                      <td data-label={t.date}>{formatGermanDate(booking.createdAt)}</td>
                      <td data-label={t.customer}>
                        {booking.customer.name}
                        <br />
                        <a href={`mailto:${booking.customer.email}`}>{booking.customer.email}</a>
                      </td>
                      <td data-label={t.items} className="admin-orders__items">
                        <ul className="admin-order-items">
                          {booking.items.map((item) => (
                            <li key={`${item.number}-${item.entryDate}-${item.departureDate}`}>
                              {formatLine(item.type, item)}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td data-label={t.total}>
                        {formatEuros(booking.totalPrice)}
                        <InvoiceLinks booking={booking} />
                      </td>
                      <td data-label={t.status}>
                        {BOOKING_STATUS_LABELS[booking.status]}
                        {booking.withdrawnAt && (
                          <>
                            <br />
                            <span className="admin-withdrawn">
                              {t.withdrawn(formatGermanDate(booking.withdrawnAt))}
                            </span>
                          </>
                        )}
                        {booking.cancelledAt && (
                          <>
                            <br />
                            <span className="admin-withdrawn">
                              {t.cancellationReceived(formatGermanDate(booking.cancelledAt))}
                            </span>
                          </>
                        )}
                        <AfterPayment booking={booking} />
                      </td>
                      <td data-label={t.method}>
                        {booking.paymentMethod ? PAYMENT_METHOD_NAMES[booking.paymentMethod] : t.notPaid}
                        {booking.testPayment && (
                          <>
                            <br />
                            <span className="admin-test-payment">{t.testPayment}</span>
                          </>
                        )}
                      </td>
                      <td>
                        {booking.status === 'paid' && booking.progress && (
                          <OrderMaterials
                            bookingId={booking.id}
                            bookingNumber={booking.bookingNumber}
                            onChanged={() => load(query)}
                          />
                        )}
                        {booking.refundable && booking.paymentMethod && (
                          <ConfirmAction
                            label={t.refund(booking.bookingNumber)}
                            shortLabel={t.refundShort}
                            question={t.refundQuestion(
                              booking.bookingNumber,
                              formatEuros(booking.totalPrice),
                              PAYMENT_METHOD_NAMES[booking.paymentMethod],
                            )}
                            confirmLabel={t.refundYes}
                            focusAfter={table}
                            onConfirm={async () => {
                              const refund = await refundBooking(booking.id);
                              messages.done(
                                refund.status === 'pending'
                                  ? t.refundPending(booking.bookingNumber)
                                  : t.refunded(booking.bookingNumber),
                              );
                              await load(query);
                            }}
                            onFailed={(failure) => messages.failed(failure)}
                          />
                        )}
                        {booking.cancellable && (
                          <ConfirmAction
                            label={t.cancel(booking.bookingNumber)}
                            shortLabel={t.cancelShort}
                            question={t.cancelQuestion(booking.bookingNumber)}
                            confirmLabel={t.cancelYes}
                            focusAfter={table}
                            onConfirm={async () => {
                              await cancelBooking(booking.id);
                              messages.done(t.cancelled);
                              await load(query);
                            }}
                            onFailed={(failure) => messages.failed(failure)}
                          />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav className="admin-pages" aria-label={t.page(overview.page.page, overview.page.pages)}>
            <button
              type="button"
              className="button button--secondary"
              disabled={overview.page.page <= 1}
              onClick={() => setQuery({ ...query, page: query.page - 1 })}
            >
              {t.previous}
            </button>
            <span>{t.page(overview.page.page, overview.page.pages)}</span>
            <button
              type="button"
              className="button button--secondary"
              disabled={overview.page.page >= overview.page.pages}
              onClick={() => setQuery({ ...query, page: query.page + 1 })}
            >
              {t.next}
            </button>
          </nav>
        </section>
      )}
    </>
  );
}

export default function BookingOverview() {
  return <AdminOnly path="/admin/bestellungen">{() => <Overview />}</AdminOnly>;
}
