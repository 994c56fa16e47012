/** Every text of the admin screens in one place (field rules and their messages: src/lib/catalogue.ts). */
export const ADMIN_TEXTS = {
  noAccess: 'Dafür fehlt Ihnen die Berechtigung. Die Verwaltung ist nur für Mitarbeiterinnen und Mitarbeiter von HWDS.',
  loginRequired: 'Bitte melden Sie sich mit einem Verwaltungskonto an.',
  loading: 'Wird geladen …',
  loadFailed: 'Die Daten konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  genericError: 'Ein Fehler ist aufgetreten',
  nav: 'Verwaltung',
  navCategories: 'Kategorien',
  navOrders: 'Bestellungen',
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
  summary: (number: string, type: string, articles: number) =>
    `Kategorie ${number}: ${type} (${articles === 1 ? '1 Artikel' : `${articles} Artikel`})`,
  firstImage: (type: string) => `Erstes Bild von ${type}`,
  noImage: 'Kein Bild',
  editTitle: 'Kategorie bearbeiten',
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  saved: 'Änderung gespeichert',
  photoLabel: 'Foto Kategorien hinzufügen',
  photosTitle: 'Bilder der Kategorie',
  delete: 'Kategorie löschen',
  deleteQuestion: (number: string, type: string, articles: number, images: number) =>
    `Kategorie ${number} (${type}) mit ${articles} Artikeln und ${images} Bildern endgültig löschen?`,
  deleted: 'Kategorie gelöscht',
} as const;

export const ARTICLE_TEXTS = {
  listTitle: 'Artikel',
  none: 'In dieser Kategorie gibt es noch keine Artikel.',
  number: 'Artikelnummer',
  type: 'Art des Artikels',
  price: 'Preis in Euro',
  priceHint: 'z. B. 1.200,00',
  file: 'Foto (JPEG oder PNG, optional)',
  add: 'Artikel hinzufügen',
  adding: 'Wird hinzugefügt …',
  added: 'Artikel erfolgreich hinzugefügt',
  addTitle: 'Artikel hinzufügen',
  editTitle: (number: string) => `Artikel ${number} bearbeiten`,
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  saved: 'Änderung gespeichert',
  photoLabel: 'Foto zum Artikel hinzufügen',
  photosTitle: (number: string) => `Bilder von Artikel ${number}`,
  delete: (number: string) => `Artikel ${number} löschen`,
  deleteQuestion: (number: string, type: string, images: number) =>
    `Artikel ${number} (${type}) mit ${images} Bildern endgültig löschen?`,
} as const;

export const IMAGE_TEXTS = {
  save: 'Speichern',
  uploading: 'Wird hochgeladen …',
  uploaded: 'Bild gespeichert',
  preview: 'Vorschau des gewählten Bildes',
  progress: 'Fortschritt des Hochladens',
  wrongType: 'Nur JPEG- oder PNG-Bilder sind erlaubt.',
  none: 'Noch keine Bilder.',
  delete: (n: number) => `Bild ${n} löschen`,
  deleteQuestion: (n: number) => `Bild ${n} endgültig löschen?`,
  deleted: 'Bild erfolgreich gelöscht',
  thumbnail: (n: number) => `Bild ${n}`,
} as const;

export const CONFIRM_TEXTS = {
  yes: 'Ja, löschen',
  no: 'Abbrechen',
} as const;

export const ORDER_TEXTS = {
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
  cancelQuestion: (number: string) => `Bestellung ${number} stornieren? Sie ist seit über 24 Stunden unbezahlt.`,
  cancelYes: 'Ja, stornieren',
  cancelled: 'Bestellung storniert',
  notPaid: '–',
} as const;
