/** Every text of the add-to-cart form and the cart in one place (date rules: src/lib/cart.ts). */

export const ADD_TO_CART_TEXTS = {
  entryDate: 'Startdatum',
  departureDate: 'Enddatum',
  /** The quantity field's label per unit (docs/product.md#d34-units-and-quantities). */
  quantity: {
    flat: 'Anzahl',
    month: 'Laufzeit',
    piece: 'Anzahl (Stück)',
    sqm: 'Fläche in m²',
    hour: 'Stunden',
  },
  submit: 'Buchen',
  submitting: 'Wird gebucht …',
  success: 'Termin erfolgreich gebucht! Gehen Sie in den Warenkorb!',
  toCart: 'Zum Warenkorb',
} as const;

export const CART_TEXTS = {
  loginRequired: 'Sie müssen angemeldet sein, um den Warenkorb zu sehen.',
  login: 'Zum Login',
  loading: 'Der Warenkorb wird geladen …',
  loadFailed: 'Fehler beim Laden des Warenkorbs. Bitte versuchen Sie es später erneut.',
  retry: 'Erneut versuchen',
  empty: 'Der Warenkorb ist leer',
  toCategories: 'Zu den Kategorien',
  entries: 'Ihre Termine im Warenkorb',
  appointment: 'Termin',
  term: 'Laufzeit',
  quantity: 'Menge',
  changeQuantity: 'Menge ändern',
  changingQuantity: 'Wird geändert …',
  category: 'Kategorie',
  article: 'Artikel',
  price: 'Preis',
  remove: 'Entfernen',
  /** Accessible name of an entry's delete button: which entry goes. */
  removeEntry: (article: string, dates: string) => `${article} (${dates}) aus dem Warenkorb entfernen`,
  removeFailed: 'Fehler beim Löschen des Artikels aus dem Warenkorb',
  clear: 'Warenkorb leeren',
  clearQuestion: 'Wirklich alle Einträge aus dem Warenkorb entfernen?',
  clearConfirm: 'Ja, Warenkorb leeren',
  clearCancel: 'Abbrechen',
  clearFailed: 'Fehler beim Löschen des Warenkorbs',
  total: 'Gesamtkosten',
  order: 'Bestellen',
} as const;
