/** Every text of the withdrawal function (docs/product.md#d31-consumer-law). */
export const WITHDRAWAL_TEXTS = {
  name: 'Ihr Name',
  email: 'E-Mail-Adresse für die Eingangsbestätigung',
  orderNumber: 'Bestellnummer (z. B. HWDS-7K3M9Q2X), falls zur Hand',
  reason: 'Grund (freiwillig)',
  next: 'Weiter',
  reviewTitle: 'Bitte prüfen Sie Ihre Erklärung',
  statement: (orderNumber: string) =>
    orderNumber
      ? `Hiermit widerrufe ich den von mir abgeschlossenen Vertrag zur Bestellung ${orderNumber}.`
      : 'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag.',
  noBookingNumber: 'nicht angegeben',
  noReason: 'keiner angegeben',
  confirm: 'Widerruf bestätigen',
  confirming: 'Wird gesendet …',
  change: 'Angaben ändern',
  doneTitle: 'Ihr Widerruf ist eingegangen',
  receivedAt: (time: string) => `Eingegangen am ${time}.`,
  receiptSent: (email: string) =>
    `Eine Eingangsbestätigung mit Datum und Uhrzeit schicken wir an ${email} (an dieselbe Adresse höchstens drei am Tag).`,
  nextSteps:
    'Wir erstatten Ihnen, was Sie gezahlt haben, spätestens binnen 14 Tagen über das Zahlungsmittel, mit dem Sie bezahlt haben.',
  failed: 'Ihr Widerruf konnte gerade nicht gesendet werden. Bitte versuchen Sie es noch einmal.',
  labels: { name: 'Name', email: 'E-Mail-Adresse', orderNumber: 'Bestellnummer', reason: 'Grund' },
} as const;
