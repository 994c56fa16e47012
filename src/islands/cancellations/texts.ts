/** Every text of the cancellation button's page (docs/product.md#d35-maintenance-terms). */
export const CANCELLATION_TEXTS = {
  name: 'Ihr Name',
  email: 'E-Mail-Adresse für die Bestätigung',
  orderNumber: 'Bestellnummer des Vertrags (z. B. HWDS-7K3M9Q2X), falls zur Hand',
  kind: 'Art der Kündigung',
  // Short enough for a phone's select box; the details name the kinds in full.
  kinds: [
    ['ordinary', 'Ordentlich, zum Ende der Laufzeit'],
    ['extraordinary', 'Außerordentlich, wichtiger Grund'],
  ],
  reason: 'Wichtiger Grund für die außerordentliche Kündigung',
  endDate: 'Gewünschtes Vertragsende (leer lassen: frühestmöglicher Zeitpunkt)',
  earliest:
    'Ohne Datum endet Ihr Vertrag zum frühestmöglichen Zeitpunkt: bei einer ordentlichen Kündigung mit dem letzten Tag der gebuchten Laufzeit, bei einer außerordentlichen sofort.',
  submit: 'Jetzt kündigen',
  sending: 'Wird gesendet …',
  statement: (orderNumber: string) =>
    orderNumber
      ? `Hiermit kündige ich den Vertrag zur Bestellung ${orderNumber}.`
      : 'Hiermit kündige ich meinen Vertrag mit HWDS.',
  doneTitle: 'Ihre Kündigung ist eingegangen',
  receivedAt: (time: string) => `Eingegangen am ${time}, abgegeben über die Schaltfläche „Jetzt kündigen“.`,
  confirmationSent: (email: string) =>
    `Eine Bestätigung mit Datum und Uhrzeit des Eingangs und dem Tag, an dem Ihr Vertrag endet, schicken wir an ${email} (an dieselbe Adresse höchstens drei am Tag).`,
  print: 'Bestätigung drucken oder als PDF speichern',
  earliestPossible: 'zum frühestmöglichen Zeitpunkt',
  noBookingNumber: 'nicht angegeben',
  failed: 'Ihre Kündigung konnte gerade nicht gesendet werden. Bitte versuchen Sie es noch einmal.',
  labels: {
    name: 'Name',
    email: 'E-Mail-Adresse',
    orderNumber: 'Bestellnummer',
    kind: 'Art der Kündigung',
    reason: 'Grund',
    endDate: 'Gewünschtes Vertragsende',
  },
} as const;
