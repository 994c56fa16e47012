import type { BookingStatus } from '../../server/features/bookings/bookings.views.ts';
/** Every text about bookings in the profile and on /checkout in one place. */

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending_payment: 'Zahlung ausstehend',
  processing: 'Zahlung wird bearbeitet',
  paid: 'Bezahlt',
  /** The payer disputes the payment at the provider (a chargeback under way). */
  disputed: 'Zahlung angefochten',
  /** The dispute was lost: the money went back to the payer. */
  charged_back: 'Rückbuchung',
  refunded: 'Erstattet',
  cancelled: 'Storniert',
};

export const BOOKING_TABLE_TEXTS = {
  date: 'Datum',
  items: 'Bestellt',
  amount: 'Betrag',
  orderNumber: 'Bestellnummer',
  status: 'Status',
  /** While the withdrawal period runs (docs/product.md#d31-consumer-law). */
  withdraw: 'Vertrag widerrufen',
  /** Tells one order's links from another's, for screen readers. */
  withdrawBooking: (orderNumber: string) => `(Bestellung ${orderNumber})`,
  withdrawUntil: (date: string) => `bis ${date}`,
  withdrawn: (date: string) => `Widerruf eingegangen am ${date}`,
  /** While a paid maintenance term runs (docs/product.md#d35-maintenance-terms). */
  cancel: 'Wartung kündigen',
  cancellationReceived: (date: string) => `Kündigung eingegangen am ${date}`,
  /** A paid order's step after the payment (docs/product.md#d36-next-steps). */
  progress: (step: string) => `Stand: ${step}.`,
  handOverMaterials: 'Unterlagen abgeben',
  showMaterials: 'Unterlagen ansehen',
} as const;

export const CONFIRMATION_TEXTS = {
  intro: 'Vielen Dank! Hier sehen Sie Ihre Bestellungen mit Datum, Betrag, Bestellnummer und Status.',
  loading: 'Ihre Bestellungen werden geladen …',
  failed: 'Fehler beim Laden von Bestellungen.',
  none: 'Sie haben keine Bestellungen.',
  caption: 'Ihre Bestellungen',
  nextStepsTitle: 'So geht es weiter',
  toProfile: 'Zu meinem Profil',
  loginRequired: 'Bitte melden Sie sich an, um Ihre Bestellungen zu sehen.',
} as const;
