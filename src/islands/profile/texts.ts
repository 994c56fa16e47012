/** Every text of /profilepage in one place. */
export const PROFILE_TEXTS = {
  firstName: 'Vorname',
  email: 'E-Mail',
  ordersTitle: 'Ihre letzten Bestellungen',
  ordersLoading: 'Ihre Bestellungen...',
  noOrders: 'Sie haben keine Bestellungen.',
  ordersFailed: 'Fehler beim Laden von Bestellungen.',
  pleaseRegister: 'Bitte registrieren Sie sich',
  register: 'Registrieren',
  login: 'Login',
  date: 'Datum',
  amount: 'Betrag',
  orderNumber: 'Bestellnummer',
} as const;
