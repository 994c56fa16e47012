/** Every text of the admin screens in one place (field rules and their messages: src/lib/catalogue.ts). */
import { PHOTO_RULE } from '../../lib/images.ts';

/** "1 Bild", "2 Bildern": a count with its noun in the form that follows "mit" (dative). */
const withCount = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const articlesAfterMit = (count: number) => withCount(count, 'Artikel', 'Artikeln');
const imagesAfterMit = (count: number) => withCount(count, 'Bild', 'Bildern');
const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export const ADMIN_TEXTS = {
  noAccess: 'Dafür fehlt Ihnen die Berechtigung. Die Verwaltung ist nur für Mitarbeiterinnen und Mitarbeiter von HWDS.',
  loginRequired: 'Bitte melden Sie sich mit einem Verwaltungskonto an.',
  otherAccount: 'Mit einem anderen Konto anmelden',
  loading: 'Wird geladen …',
  loadFailed: 'Die Daten konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  genericError: 'Ein Fehler ist aufgetreten',
  nav: 'Verwaltung',
  navCategories: 'Kategorien',
  navBookings: 'Bestellungen',
  navContent: 'Inhalte',
} as const;

/** /admin/inhalte: the content editor and publishing (docs/product.md#d38-content-editor). */
export const CONTENT_TEXTS = {
  intro:
    'Hier bearbeiten Sie die Texte und Preise der Website: Branchenseiten, Website-Modelle, Wartungs- und Druckpreise, Firmendaten und die rechtlichen Seiten. Gespeicherte Änderungen erscheinen erst, wenn Sie veröffentlichen.',
  open: 'Inhalte bearbeiten',
  opening: 'Editor wird vorbereitet …',
  publishTitle: 'Veröffentlichen',
  publishHelp:
    'Baut die Website mit allen gespeicherten Änderungen neu und schaltet sie dann um. Die Website bleibt währenddessen erreichbar. Das dauert etwa ein bis zwei Minuten.',
  publish: 'Veröffentlichen',
  publishing: 'Wird veröffentlicht … Bitte warten Sie, das dauert ein bis zwei Minuten.',
  published: (files: number) =>
    files === 0
      ? 'Veröffentlicht. Seit der letzten Veröffentlichung wurde keine Datei geändert.'
      : `Veröffentlicht: ${files === 1 ? 'Eine geänderte Datei ist' : `${files} geänderte Dateien sind`} jetzt auf der Website.`,
  historyTitle: 'Bisherige Veröffentlichungen',
  historyCaption: 'Veröffentlichungen, die neueste zuerst',
  none: 'Noch keine Veröffentlichung: Die Website zeigt den Stand der Installation.',
  servesBuild:
    'Die Website zeigt zurzeit den Stand des letzten Programm-Updates (mit allen bis dahin gespeicherten Inhalten), keine der Veröffentlichungen unten.',
  when: 'Zeitpunkt',
  who: 'Von',
  files: 'Geänderte Dateien',
  action: 'Aktion',
  noFiles: 'keine',
  current: 'Auf der Website',
  restore: (when: string) => `Stand vom ${when} wiederherstellen`,
  restoreQuestion: (when: string) =>
    `Die Website zeigt dann wieder den Stand vom ${when}. Ihre gespeicherten Änderungen bleiben und kommen mit dem nächsten Veröffentlichen wieder auf die Website. Um eine Änderung dauerhaft zurückzunehmen, stellen Sie unter „Verlauf der Dateien“ die frühere Fassung der Seite wieder her. Fortfahren?`,
  restoreYes: 'Ja, wiederherstellen',
  restored: (when: string) => `Die Website zeigt wieder den Stand vom ${when}.`,
} as const;

/** /admin/inhalte: each file's saves, a save's changes, an earlier save saved again (docs/product.md#d38-content-editor). */
export const CONTENT_HISTORY_TEXTS = {
  title: 'Verlauf der Dateien',
  help: 'Jede Speicherung im Editor bleibt erhalten. Wählen Sie eine Datei, sehen Sie, was eine Speicherung geändert hat, und holen Sie eine frühere Fassung zurück. Die Website ändert sich erst mit dem nächsten Veröffentlichen.',
  file: 'Datei',
  caption: (label: string) => `Fassungen von „${label}“, die neueste zuerst`,
  when: 'Gespeichert',
  who: 'Von',
  action: 'Aktion',
  removed: ' (Datei entfernt)',
  onWebsite: 'Auf der Website',
  notOnWebsite: 'Nicht auf der Website',
  showOlder: (count: number) => `Ältere Fassungen zeigen (noch ${count})`,
  removedFile: (label: string) => `${label} (entfernt)`,
  seedAuthor: 'Ursprünglicher Text (bei der Einrichtung)',
  importAuthor: 'Vom technischen Support eingespielt',
  show: 'Änderungen ansehen',
  showLabel: (when: string) => `Änderungen ansehen (${when})`,
  hideLabel: (when: string) => `Änderungen ausblenden (${when})`,
  changesFailed: 'Die Änderungen konnten nicht geladen werden',
  restoreFailed: 'Die Fassung wurde nicht wiederhergestellt',
  hide: 'Änderungen ausblenden',
  changesTitle: (label: string, when: string) => `Änderungen an „${label}“, gespeichert am ${when}`,
  unchanged: 'Keine Änderung am Text.',
  addedLine: 'Hinzugefügt: ',
  removedLine: 'Entfernt: ',
  restore: 'Diese Fassung wiederherstellen',
  restoreLabel: (when: string) => `Diese Fassung wiederherstellen (${when})`,
  restoreQuestion: (label: string, when: string) =>
    `„${label}“ bekommt wieder den Text vom ${when}. Alle früheren Fassungen bleiben erhalten. Auf der Website erscheint er erst nach dem nächsten Veröffentlichen. Hat jemand die Seite gerade im Editor geöffnet, muss die Seite dort neu geladen werden; noch nicht gespeicherte Eingaben gehen dabei verloren. Fortfahren?`,
  restoreYes: 'Ja, wiederherstellen',
  restored: (label: string, when: string) =>
    `„${label}“ hat wieder den Text vom ${when}. Auf der Website erscheint er erst, wenn Sie oben auf „Veröffentlichen“ klicken.`,
} as const;

export const CATEGORY_TEXTS = {
  addTitle: 'Kategorie hinzufügen',
  number: 'Nummer',
  type: 'Typ',
  description: 'Beschreibung',
  add: 'Kategorie hinzufügen',
  adding: 'Wird hinzugefügt …',
  added: 'Kategorie wurde hinzugefügt',
  listTitle: 'Kategorien',
  none: 'Es gibt noch keine Kategorien.',
  summary: (number: string, type: string, articles: number) => `Kategorie ${number}: ${type} (${articles} Artikel)`,
  firstImage: (type: string) => `Erstes Bild von ${type}`,
  noImage: 'Kein Bild',
  editTitle: (number: string) => `Kategorie ${number} bearbeiten`,
  /** Read after 'Speichern' (visually hidden), so that every save button has its own name. */
  saveWhat: (number: string) => `Kategorie ${number}`,
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  saved: 'Änderung gespeichert',
  photoLabel: `Foto zur Kategorie hinzufügen, ${PHOTO_RULE}`,
  photoOwner: (number: string) => `Kategorie ${number}`,
  photosTitle: 'Bilder der Kategorie',
  delete: (number: string) => `Kategorie ${number} löschen`,
  deleteQuestion: (number: string, type: string, articles: number, images: number) =>
    `Kategorie ${number} (${type}) mit ${articlesAfterMit(articles)} und ${imagesAfterMit(images)} endgültig löschen?`,
  deleted: 'Kategorie gelöscht',
} as const;

export const ARTICLE_TEXTS = {
  listTitle: 'Artikel',
  none: 'In dieser Kategorie gibt es noch keine Artikel.',
  number: 'Artikelnummer',
  type: 'Art des Artikels',
  price: 'Preis in Euro',
  priceHint: 'z. B. 1.200,00',
  /** What the price is for (docs/product.md#d34-units-and-quantities). */
  unit: 'Preis gilt',
  /** What is sold, for the customer's next steps (docs/product.md#d36-next-steps). */
  kind: 'Leistung',
  file: `Foto (${PHOTO_RULE}, freiwillig)`,
  add: 'Artikel hinzufügen',
  adding: 'Wird hinzugefügt …',
  added: 'Artikel erfolgreich hinzugefügt',
  addTitle: 'Artikel hinzufügen',
  editTitle: (number: string) => `Artikel ${number} bearbeiten`,
  saveWhat: (number: string) => `Artikel ${number}`,
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  saved: 'Änderung gespeichert',
  photoLabel: `Foto zum Artikel hinzufügen, ${PHOTO_RULE}`,
  photoOwner: (number: string) => `Artikel ${number}`,
  photoFailed: (number: string, reason: string) =>
    `Artikel ${number} wurde hinzugefügt, aber sein Foto nicht: ${asSentence(reason)} Sie können es beim Artikel erneut hochladen.`,
  photosTitle: (number: string) => `Bilder von Artikel ${number}`,
  delete: (number: string) => `Artikel ${number} löschen`,
  deleteQuestion: (number: string, type: string, images: number) =>
    `Artikel ${number} (${type}) mit ${imagesAfterMit(images)} endgültig löschen?`,
  deleted: 'Artikel gelöscht',
} as const;

export const IMAGE_TEXTS = {
  save: 'Speichern',
  /** Read after 'Speichern' (visually hidden). */
  saveWhat: (owner: string) => `Foto für ${owner}`,
  uploading: 'Wird hochgeladen …',
  uploaded: 'Bild gespeichert',
  preview: 'Vorschau des gewählten Bildes',
  progress: 'Fortschritt des Hochladens',
  none: 'Noch keine Bilder.',
  /** `owner`: "Kategorie 12" or "Artikel A1", so that every image's button has its own name. */
  delete: (n: number, owner: string) => `Bild ${n} von ${owner} löschen`,
  deleteQuestion: (n: number, owner: string) => `Bild ${n} von ${owner} endgültig löschen?`,
  deleted: 'Bild erfolgreich gelöscht',
  deleteFailed: 'Bild konnte nicht gelöscht werden',
  thumbnail: (n: number, owner: string) => `Bild ${n} von ${owner}`,
} as const;

export const CONFIRM_TEXTS = {
  yes: 'Ja, löschen',
  no: 'Abbrechen',
} as const;

export const BOOKING_OVERVIEW_TEXTS = {
  title: 'Bestellungen',
  filterStatus: 'Status',
  allStatuses: 'Alle',
  search: 'Suche (Bestellnummer, Name oder E-Mail)',
  searchButton: 'Suchen',
  caption: 'Alle Bestellungen, die neuesten zuerst',
  number: 'Bestellnummer',
  date: 'Datum',
  customer: 'Kunde',
  items: 'Artikel',
  total: 'Gesamt',
  status: 'Status',
  method: 'Zahlungsart',
  actions: 'Aktion',
  none: 'Keine Bestellungen gefunden.',
  found: (total: number) => (total === 1 ? '1 Bestellung' : `${total} Bestellungen`),
  page: (page: number, pages: number) => `Seite ${page} von ${pages}`,
  previous: 'Vorherige Seite',
  next: 'Nächste Seite',
  cancel: (number: string) => `Bestellung ${number} stornieren`,
  cancelShort: 'Stornieren',
  cancelQuestion: (number: string) => `Bestellung ${number} stornieren? Sie ist seit über 24 Stunden unbezahlt.`,
  cancelYes: 'Ja, stornieren',
  cancelled: 'Bestellung storniert',
  refund: (number: string) => `Bestellung ${number} erstatten`,
  refundShort: 'Erstatten',
  refundQuestion: (number: string, amount: string, method: string) =>
    `Bestellung ${number} erstatten? ${amount} gehen per ${method} an den Kunden zurück. Das lässt sich nicht rückgängig machen.`,
  refundYes: 'Ja, erstatten',
  refunded: (number: string) => `Bestellung ${number} erstattet`,
  refundPending: (number: string) =>
    `Erstattung der Bestellung ${number} angenommen; der Zahlungsanbieter zahlt sie in Kürze aus.`,
  notPaid: '–',
  /** Beside the payment method: paid in a provider's test mode, no real money moved. */
  testPayment: 'Testzahlung',
  withdrawn: (date: string) => `Widerruf eingegangen am ${date}`,
  cancellationReceived: (date: string) => `Kündigung eingegangen am ${date}`,
  /** A payer's dispute of the payment (docs/product.md#d32-payment-states). */
  dispute: {
    open: (date: string) => `Angefochten am ${date}`,
    won: (date: string) => `Anfechtung vom ${date} abgewehrt`,
    lost: (date: string) => `Anfechtung vom ${date} verloren`,
  },
  disputeReason: (reason: string) => `Grund: ${reason}`,
  respondBy: (date: string) => `Stellungnahme beim Zahlungsanbieter bis ${date}`,
  /** A refund waiting for the provider's final word, or one that failed (docs/product.md#d33-refunds). */
  refundPendingNote: (date: string) => `Erstattung seit ${date} beim Zahlungsanbieter in Bearbeitung`,
  refundFailedNote: (date: string) => `Erstattung am ${date} gescheitert, bitte erneut erstatten`,
} as const;

/** A paid order's materials and progress in /admin/bestellungen (docs/product.md#d36-next-steps). */
export const ORDER_MATERIALS_TEXTS = {
  open: 'Unterlagen und Stand',
  loading: 'Unterlagen werden geladen …',
  loadFailed: 'Die Unterlagen konnten nicht geladen werden.',
  current: (step: string) => `Stand: ${step}`,
  siteName: 'Name',
  address: 'Adresse',
  format: 'Endformat',
  noFile: 'Ohne Druckdatei',
  accepted: 'Vom Kunden so zum Druck freigegeben.',
  missing: (what: string) => `Es fehlt: ${what}`,
  zip: 'Alle Dateien (ZIP)',
  zipFailed: 'Der Download konnte nicht gestartet werden.',
  step: 'Neuer Stand',
  carrier: 'Versanddienst',
  trackingNumber: 'Sendungsnummer',
  siteUrl: 'Adresse der fertigen Website',
  startedOn: 'Beginn der Wartung',
  note: 'Was fehlt noch? (Nachricht an den Kunden)',
  move: 'Stand speichern',
  moved: (step: string) => `Gespeichert: ${step}. Der Kunde erhält eine E-Mail.`,
  moveFailed: 'Der Stand konnte nicht gespeichert werden.',
} as const;
