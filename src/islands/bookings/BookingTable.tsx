/**
 * The caller's bookings as a table, newest first: date, what was booked (quantity, unit, line
 * price), amount with the invoices to download (docs/product.md#d37-invoices), booking number,
 * status, a paid order's progress with the way to its materials, and while its withdrawal period runs the way to withdraw (docs/product.md#d31-consumer-law),
 * while a maintenance term runs the way to cancel it.
 */
import { formatGermanDate, todayInGermany } from '../../lib/dates.ts';
import { formatEuros } from '../../lib/money.ts';
import { PROGRESS_STEP_NAMES } from '../../lib/progress-steps.ts';
import { formatLine } from '../../lib/units.ts';
import { lastDayToWithdraw, withinWithdrawalPeriod } from '../../lib/withdrawal-period.ts';
import type { BookingView } from '../../server/features/bookings/bookings.views.ts';
import { InvoiceLinks } from '../invoices/InvoiceLinks.tsx';
import type { Loadable } from '../loadable.ts';
import { BOOKING_STATUS_LABELS, BOOKING_TABLE_TEXTS as t } from './texts.ts';

/** The caller's bookings as the profile and the checkout page load them. */
export type LoadedBookings = Loadable<{ bookings: BookingView[] }>;

/** 'Widerruf eingegangen am …', or the link to withdraw while the period of a paid booking runs. */
function Withdrawal({ booking }: { booking: BookingView }) {
  if (booking.withdrawnAt)
    return <span className="booking-table__note">{t.withdrawn(formatGermanDate(booking.withdrawnAt))}</span>;
  if (booking.status !== 'paid' || !booking.paidAt || !withinWithdrawalPeriod(booking.paidAt)) return null;
  return (
    <span className="booking-table__note">
      <a href={`/widerruf?bestellung=${encodeURIComponent(booking.bookingNumber)}`}>
        {t.withdraw}
        <span className="visually-hidden"> {t.withdrawBooking(booking.bookingNumber)}</span>
      </a>{' '}
      {t.withdrawUntil(formatGermanDate(lastDayToWithdraw(booking.paidAt)))}
    </span>
  );
}

/**
 * 'Kündigung eingegangen am …', or the way to the cancellation button while a paid maintenance
 * term runs (docs/product.md#d35-maintenance-terms).
 */
function Cancellation({ booking }: { booking: BookingView }) {
  if (booking.cancelledAt)
    return <span className="booking-table__note">{t.cancellationReceived(formatGermanDate(booking.cancelledAt))}</span>;
  const running = booking.items.some((item) => item.unit === 'month' && item.departureDate >= todayInGermany());
  if (booking.status !== 'paid' || !running) return null;
  return (
    <span className="booking-table__note">
      <a href={`/kuendigung?bestellung=${encodeURIComponent(booking.bookingNumber)}`}>
        {t.cancel}
        <span className="visually-hidden"> {t.withdrawBooking(booking.bookingNumber)}</span>
      </a>
    </span>
  );
}

/**
 * A paid order's step after the payment and the way to its materials (docs/product.md#d36-next-steps):
 * 'Unterlagen abgeben' while they are missing, else 'Unterlagen ansehen'.
 */
function Materials({ booking }: { booking: BookingView }) {
  if (booking.status !== 'paid' || !booking.progress) return null;
  const missing = booking.progress.step === 'materials_missing';
  return (
    <span className="booking-table__note">
      {t.progress(PROGRESS_STEP_NAMES[booking.progress.step])}{' '}
      <a
        className={missing ? 'button button--accent' : undefined}
        href={`/unterlagen?bestellung=${encodeURIComponent(booking.bookingNumber)}`}
      >
        {missing ? t.handOverMaterials : t.showMaterials}
        <span className="visually-hidden"> {t.withdrawBooking(booking.bookingNumber)}</span>
      </a>
    </span>
  );
}

export function BookingTable({ bookings, caption }: { bookings: BookingView[]; caption: string }) {
  const newestFirst = [...bookings].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <table className="booking-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.date}</th>
          <th scope="col">{t.items}</th>
          <th scope="col">{t.amount}</th>
          <th scope="col">{t.orderNumber}</th>
          <th scope="col">{t.status}</th>
        </tr>
      </thead>
      <tbody>
        {newestFirst.map((booking) => (
          <tr key={booking.id}>
            <td data-label={t.date}>{formatGermanDate(booking.createdAt)}</td>
            <td data-label={t.items}>
              <ul className="booking-table__items">
                {booking.items.map((item) => (
                  <li key={`${item.number}-${item.entryDate}-${item.departureDate}`}>{formatLine(item.type, item)}</li>
                ))}
              </ul>
            </td>
            <td data-label={t.amount}>
              {formatEuros(booking.totalPrice)}
              <InvoiceLinks booking={booking} />
            </td>
            <td data-label={t.orderNumber} className="booking-table__number">
              {booking.bookingNumber}
            </td>
            <td data-label={t.status}>
              {BOOKING_STATUS_LABELS[booking.status]}
              <Materials booking={booking} />
              <Withdrawal booking={booking} />
              <Cancellation booking={booking} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
