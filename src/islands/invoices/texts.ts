/** Every text of the billing address and the invoice downloads in one place (the API's messages: src/lib/invoices.ts). */
export const INVOICE_TEXTS = {
  billingTitle: 'Rechnungsadresse',
  billingIntro:
    'An diese Adresse stellen wir die Rechnung aus. Sie erhalten sie nach der Zahlung als PDF per E-Mail; Ihre Buchhaltung kann sie als E-Rechnung direkt übernehmen.',
  name: 'Name',
  company: 'Firma (optional)',
  street: 'Straße und Hausnummer',
  postalCode: 'PLZ',
  city: 'Ort',
  country: 'Land',
  vatId: 'USt-IdNr. (optional)',
  vatIdHint: 'Nur für Unternehmen: Ihre Umsatzsteuer-Identifikationsnummer, zum Beispiel DE123456789.',
  save: 'Rechnungsadresse speichern',
  saving: 'Wird gespeichert …',
  saved: 'Die Rechnungsadresse ist gespeichert.',
  change: 'Ändern',
  cancel: 'Abbrechen',
  loading: 'Rechnungsadresse wird geladen …',
  loadFailed: 'Die Rechnungsadresse konnte nicht geladen werden. Bitte laden Sie die Seite neu.',
  saveFailed: 'Die Rechnungsadresse konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  none: 'Sie haben noch keine Rechnungsadresse hinterlegt. Wir fragen Sie danach, wenn Sie bestellen.',
  add: 'Rechnungsadresse hinterlegen',
  vatIdLabel: 'USt-IdNr.',
  /** The download buttons: visible words first, the order for screen readers. */
  download: (kind: string) => `${kind} (PDF)`,
  downloadBooking: (number: string) => `zur Bestellung ${number}`,
  downloadFailed: 'Die Rechnung konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
} as const;
