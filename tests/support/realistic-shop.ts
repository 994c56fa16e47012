/**
 * The shop as an agency really fills it, for every suite (API and end to end): categories with
 * 0, 1, 2, 3 and 5 photos in landscape, portrait, roll-up, square and panorama shapes, names of
 * 80 characters, descriptions of about 600 with long German compounds, a category of 12 articles
 * of every unit and kind (print, maintenance booked for 12 months with its yearly discount,
 * consulting and photo shoots by the hour), a cart of 6 entries and a booking history of 20 paid
 * bookings (two of them refunded by staff, one disputed by the cardholder, one charged back after
 * a lost dispute) and one whose PayPal payment PayPal still holds for review, customers with
 * umlauts in their names and a billing address beyond Latin-1. Everything is made through the
 * public API, the way staff and customers make it (disputes through the sandbox's test controls,
 * as a payer's bank would), so a suite only needs a way to send requests (`Send`).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { todayInGermany } from '../../src/lib/dates.ts';
import type { ProductKind } from '../../src/lib/product-kinds.ts';
import { TERMS, type Unit } from '../../src/lib/units.ts';
import type { BookingView } from '../../src/server/features/bookings/bookings.views.ts';
import type { ArticleView, CategoryView } from '../../src/server/features/catalogue/catalogue.views.ts';
import type { ImageView } from '../../src/server/features/images/images.views.ts';
import { LOW_RESOLUTION_BANNER, rasterFile } from './print-files.ts';

/** Sends a request to the API; `path` is below the API base, e.g. `/departaments`. */
export type Send = (path: string, init?: RequestInit) => Promise<Response>;

export type PhotoShape = 'landscape' | 'portrait' | 'rollup' | 'square' | 'panorama';

/** Pixel sizes as cameras and print files deliver them: a poster is A-series, a roll-up 85 × 200 cm. */
export const PHOTO_SIZES: Record<PhotoShape, { width: number; height: number }> = {
  landscape: { width: 1600, height: 900 },
  portrait: { width: 1131, height: 1600 },
  rollup: { width: 680, height: 1600 },
  square: { width: 1200, height: 1200 },
  panorama: { width: 2400, height: 800 },
};

/** A real JPEG (a photo-like gradient with a shape), different per `seed`. */
export async function photo(seed: number, shape: PhotoShape = 'landscape'): Promise<Buffer> {
  const { width, height } = PHOTO_SIZES[shape];
  const hue = (seed * 97) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${hue + 60},70%,60%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="8%" y="8%" width="84%" height="84%" fill="none" stroke="white" stroke-width="${Math.min(width, height) / 40}" opacity="0.6"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="white" opacity="0.4"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export interface ArticleSpec {
  type: string;
  price: number;
  /** What the price is for; left out: pauschal, as the earlier client makes articles. */
  unit?: Unit;
  /** What is sold; left out: the default kind (print here, maintenance by the month). */
  kind?: ProductKind;
  photos?: PhotoShape[];
}

export interface CategorySpec {
  type: string;
  description: string;
  photos: PhotoShape[];
  articles: ArticleSpec[];
}

/** The trade fair category: five photos of every shape and a dozen articles, in every unit. */
const TRADE_FAIR_ARTICLES: ArticleSpec[] = [
  { type: 'Roll-up-Display 85 × 200 cm mit Transporttasche', price: 189, photos: ['rollup'] },
  { type: 'Messewand 3 × 3 Felder, gerade, inklusive Druck und Koffer mit Theke', price: 1249 },
  { type: 'Banner aus PVC-Plane, 510 g/m², mit Ösen alle 50 cm', price: 24.9, unit: 'sqm' },
  { type: 'Schaufensterbeschriftung aus geplotteter Folie, je m²', price: 39.5, unit: 'sqm' },
  { type: 'Großformatdruckerzeugnisveredelungspauschale', price: 0.5 },
  {
    type: 'Komplettausstattung für Ihren Messestand: Planung, Druck aller Wände und Theken, Lieferung, Aufbau am Vortag, Abbau nach Messeende und Einlagerung bis zur nächsten Messe',
    price: 18_500,
  },
  { type: 'Beachflag „Tropfen“, 3,20 m, einseitig bedruckt', price: 149, unit: 'piece' },
  { type: 'Leuchtkasten-Folie hinterleuchtet, 100 × 140 cm', price: 212.4 },
  { type: 'Grafikdesign und Reinzeichnung Ihrer Druckvorlagen nach Aufwand', price: 65, unit: 'hour' },
  { type: 'Wartung Ihrer Messe-Website mit Ausstellerverzeichnis', price: 30, unit: 'month' },
  { type: 'Korrekturabzug auf Originalmaterial', price: 15, unit: 'piece' },
  { type: 'Express-Zuschlag: Fertigung innerhalb von 24 Stunden', price: 99.99 },
];

/**
 * The categories, by the number of their photos. Names are 80 characters; descriptions about
 * 600, written as staff write them.
 */
export const REALISTIC_CATEGORIES = {
  noPhoto: {
    type: 'Barrierefreiheitsprüfung und Suchmaschinenoptimierung für bestehende Webangebote',
    description:
      'Ihre bestehende Website wird nach den Vorgaben des Barrierefreiheitsstärkungsgesetzes und der WCAG 2.2 geprüft: Kontraste, Tastaturbedienung, Alternativtexte, Formularbeschriftungen und Überschriftenstruktur. Gleichzeitig analysieren wir Ladezeiten, Seitentitel, Metabeschreibungen und interne Verlinkung. Sie erhalten einen verständlichen Bericht mit Prioritäten, Screenshots und konkreten Suchmaschinenoptimierungsmaßnahmen, die wir auf Wunsch direkt umsetzen. Die Prüfung dauert etwa zwei Wochen; ein Abschlussgespräch per Video ist inbegriffen. Für Online-Shops prüfen wir auch den Bestellablauf.',
    photos: [],
    articles: [
      { type: 'Barrierefreiheitsprüfung nach WCAG 2.2 AA, bis 25 Unterseiten', price: 890, kind: 'service' },
      { type: 'Suchmaschinenoptimierung: Analyse und Maßnahmenplan', price: 490, kind: 'service' },
    ],
  },
  onePhoto: {
    type: 'Plakat- und Posterdruck auf Premiumpapier für Veranstaltungen, Kinos und Museen!',
    description:
      'Plakate in DIN A2, A1 und A0 sowie Poster im Sonderformat drucken wir auf mattem oder seidenglänzendem Premiumpapier mit 200 g/m². Für Kinos, Theater und Museen liefern wir Hochformate bis 120 × 180 cm, auf Wunsch kaschiert auf Forex- oder Alu-Dibond-Platten. Unsere Druckerei arbeitet mit lichtechten Pigmenttinten, sodass Ihre Plakate auch im Schaufenster monatelang farbstabil bleiben. Kleine Auflagen ab einem einzigen Stück sind ebenso möglich wie Serien für Ihre Veranstaltungsreihe. Senden Sie uns Ihre Druckdaten als PDF/X-4; wir prüfen sie kostenlos und melden uns, bevor wir drucken. Danke!',
    photos: ['portrait'],
    articles: [{ type: 'Plakat DIN A1, seidenmatt, 200 g/m²', price: 29.9 }],
  },
  twoPhotos: {
    type: 'Fotoshooting für Ihre Website: Räume, Mitarbeitende und Produkte im besten Licht',
    description:
      'Gute Fotos verkaufen sich: Wir fotografieren Ihre Geschäftsräume, Ihr Team und Ihre Produkte für die neue Website, für Social Media und für Drucksachen. Vor dem Termin besprechen wir mit Ihnen eine Motivliste und die gewünschte Bildsprache. Das Shooting dauert einen halben oder ganzen Tag, inklusive Licht, Hintergründen und Requisiten. Sie erhalten mindestens vierzig bearbeitete Bilder in hoher Auflösung und in webgerechten Größen, mit einfachen Nutzungsrechten für alle eigenen Kanäle. Die Einwilligungserklärungen Ihrer Mitarbeitenden nach Datenschutzgrundverordnung bereiten wir für Sie vor.',
    photos: ['landscape', 'portrait'],
    articles: [
      { type: 'Fotoshooting halber Tag (4 Stunden) in Ihren Räumen', price: 690, kind: 'service' },
      { type: 'Fotoshooting ganzer Tag (8 Stunden) mit Produktaufnahmen', price: 1190, kind: 'service' },
      { type: 'Zusätzliche Bildbearbeitung, je Bild', price: 12.5, unit: 'piece', kind: 'service' },
      { type: 'Beratungsstunde zu Bildsprache und Motivauswahl, per Video', price: 95, unit: 'hour', kind: 'service' },
    ],
  },
  threePhotos: {
    type: 'Geschäftsausstattung: Visitenkarten, Briefpapier und Stempel für Ihren Neuanfang',
    description:
      'Ein einheitlicher Auftritt schafft Vertrauen: Wir gestalten und drucken Visitenkarten, Briefbögen, Umschläge, Stempel und Aufkleber passend zu Ihrem Logo und Ihrer Website. Im Paket enthalten sind zwei Entwurfsrunden, die Reinzeichnung aller Dateien und eine Druckfreigabe per E-Mail. Visitenkarten drucken wir auf 400 g/m² Naturkarton, auf Wunsch mit Veredelung wie Heißfolienprägung oder Lackierung. Für Gründerinnen und Gründer bieten wir ein Startpaket mit fünfhundert Visitenkarten und einem Stempel an. Die Lieferzeit beträgt etwa eine Woche ab Freigabe; Nachbestellungen sind jederzeit möglich.',
    photos: ['square', 'landscape', 'portrait'],
    articles: [],
  },
  fivePhotos: {
    type: 'Großformatdruck für Messestände, Roll-up-Displays und Schaufensterbeschriftungen',
    description:
      'Wir drucken Ihre Messewand, Ihr Roll-up-Display und die Beschriftung Ihres Schaufensters in leuchtenden Farben auf wetterfesten Materialien. Vor dem Druck prüfen wir jede Datei auf Auflösung, Farbraum und Beschnitt und schicken Ihnen einen Korrekturabzug zur Freigabe. Großformatdruckerzeugnisse bis fünf Meter Breite fertigen wir innerhalb von drei Werktagen; Expresslieferungen sind nach Absprache möglich. Für Messeauftritte übernehmen wir auf Wunsch die Montage vor Ort, auch an Wochenenden. Bitte beachten Sie die Hinweise zu Druckdaten: mindestens 150 dpi in Originalgröße, Farben als CMYK.',
    photos: ['landscape', 'rollup', 'square', 'panorama', 'portrait'],
    articles: TRADE_FAIR_ARTICLES,
  },
} satisfies Record<string, CategorySpec>;

export type CategoryKey = keyof typeof REALISTIC_CATEGORIES;

/** A customer as people are named: umlauts, a double name, a phone number as written. */
export const REALISTIC_CUSTOMER = {
  firstName: 'Hans-Jürgen',
  lastName: 'Müller-Lüdenscheidt',
  phoneNumber: '+49 (0) 611 / 123-456',
} as const;

/**
 * Their billing address (docs/product.md#d37-invoices): a business with a long name, umlauts, a
 * VAT number, for the attention of a bookkeeper whose name needs letters beyond Latin-1.
 */
export const REALISTIC_BILLING_ADDRESS = {
  name: 'Zofia Wiśniewska-Dvořák',
  company: 'Müller-Lüdenscheidt Großformatdruck und Werbetechnik GmbH & Co. KG',
  street: 'Friedrich-Ebert-Allee 134a',
  postalCode: '65185',
  city: 'Wiesbaden-Biebrich',
  country: 'DE',
  vatId: 'DE136695976',
} as const;

/** Stores the customer's billing address, as the payment page asks for it before the first order. */
export async function saveBillingAddress(send: Send, token: string, address: object = REALISTIC_BILLING_ADDRESS) {
  await expectOk(send('/users/me/billing-address', jsonRequest('PUT', token, address)), 'billing address');
}

export const FULL_CART_ENTRIES = 6;
export const BOOKING_HISTORY_LENGTH = 20;

export interface MadeCategory extends CategoryView {
  articles: ArticleView[];
  images: ImageView[];
}

export type RealisticCatalogue = Record<CategoryKey, MadeCategory>;

/** The JSON answer of a request that must succeed; anything else fails the suite with the answer. */
async function expectOk<T>(response: Promise<Response>, what: string): Promise<T> {
  const resolved = await response;
  const text = await resolved.text();
  if (!resolved.ok) throw new Error(`${what}: ${resolved.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Logs in through the API as a person would; returns the session's access token. */
export async function logIn(send: Send, userEmail: string, password: string): Promise<string> {
  const init = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userEmail, password }),
  };
  return (await expectOk<{ accessToken: string }>(send('/auth/login', init), `login of ${userEmail}`)).accessToken;
}

function jsonRequest(method: string, token: string, body?: unknown): RequestInit {
  return {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

async function upload(send: Send, adminToken: string, owner: string, data: Buffer): Promise<ImageView> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(data)], 'foto.jpg', { type: 'image/jpeg' }));
  return expectOk<ImageView>(
    send(`/images/upload/${owner}`, { method: 'POST', headers: { Authorization: `Bearer ${adminToken}` }, body: form }),
    `upload to ${owner}`,
  );
}

let photoSeed = 0;

/**
 * One category as staff make it in the admin area: the category, its photos, its articles with
 * theirs. What `spec` leaves out is the category without photos: an 80-character name, a
 * 600-character description, no photos, no articles.
 */
export async function createCategory(
  send: Send,
  adminToken: string,
  partial: Partial<CategorySpec> = {},
  number = `K-${randomBytes(3).toString('hex')}`,
): Promise<MadeCategory> {
  const spec: CategorySpec = { ...REALISTIC_CATEGORIES.noPhoto, photos: [], articles: [], ...partial };
  const category = await expectOk<CategoryView>(
    send('/departaments', jsonRequest('POST', adminToken, { number, type: spec.type, description: spec.description })),
    `category ${number}`,
  );
  const images: ImageView[] = [];
  for (const shape of spec.photos) {
    images.push(await upload(send, adminToken, `departament/${category.id}`, await photo(++photoSeed, shape)));
  }
  const articles: ArticleView[] = [];
  for (const [index, article] of spec.articles.entries()) {
    const made = await expectOk<ArticleView>(
      send(
        '/articles',
        jsonRequest('POST', adminToken, {
          type: article.type,
          price: article.price,
          ...(article.unit ? { unit: article.unit } : {}),
          ...(article.kind ? { kind: article.kind } : {}),
          number: `A${index + 1}`,
          departamentId: category.id,
        }),
      ),
      `article ${article.type}`,
    );
    const articleImages: ImageView[] = [];
    for (const shape of article.photos ?? []) {
      articleImages.push(await upload(send, adminToken, `article/${made.id}`, await photo(++photoSeed, shape)));
    }
    articles.push({ ...made, images: articleImages, imageUrls: articleImages.map((image) => image.url) });
  }
  return { ...category, articles, images };
}

/** Every realistic category, made one after the other as staff would. */
export async function createRealisticCatalogue(send: Send, adminToken: string): Promise<RealisticCatalogue> {
  const made: Partial<RealisticCatalogue> = {};
  for (const [key, spec] of Object.entries(REALISTIC_CATEGORIES) as [CategoryKey, CategorySpec][]) {
    made[key] = await createCategory(send, adminToken, spec);
  }
  return made as RealisticCatalogue;
}

/** The ISO date `days` from today in Germany (YYYY-MM-DD), the day the cart's date rules count from. */
export function inDays(days: number): string {
  const date = new Date(`${todayInGermany()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Adds `articles` to the customer's cart, each on its own dates from `firstDay` on; maintenance
 * for a year, as customers book it for its yearly discount.
 */
export async function addToCart(
  send: Send,
  token: string,
  articles: readonly ArticleView[],
  firstDay = 7,
): Promise<void> {
  for (const [index, article] of articles.entries()) {
    const entryDate = inDays(firstDay + index * 3);
    const departureDate = inDays(firstDay + index * 3 + (index % 3));
    const quantity = article.unit === 'month' ? { quantity: TERMS[1] } : {};
    await expectOk(
      send(`/cart/article/${article.id}`, jsonRequest('POST', token, { entryDate, departureDate, ...quantity })),
      `cart entry ${article.type}`,
    );
  }
}

/** The articles of a full cart: six from three categories, the longest names and widest prices among them. */
export function fullCartArticles(catalogue: RealisticCatalogue): ArticleView[] {
  return [
    ...catalogue.fivePhotos.articles.slice(0, 6).filter((_, index) => index !== 2),
    ...catalogue.noPhoto.articles.slice(0, 1),
  ].slice(0, FULL_CART_ENTRIES);
}

/** A booking paid by card, with the Checkout Session it was paid in. */
export type PaidBooking = BookingView & { sessionId: string };

/**
 * Pays the customer's cart by card in the sandbox, as the hosted page and the success page do,
 * and returns the paid booking.
 */
export async function payCartByCard(send: Send, token: string): Promise<PaidBooking> {
  // Realistic appointments often begin within the withdrawal period: the customer asks for the early start.
  const session = await expectOk<{ bookingId: number; sessionId: string }>(
    send('/payment/stripe/checkout-session', jsonRequest('POST', token, { earlyStart: true })),
    'card payment start',
  );
  const paid = await send(`/sandbox/stripe/checkout/${session.sessionId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'pay' }),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`sandbox payment: ${paid.status} ${await paid.text()}`);
  const booking = await expectOk<BookingView>(
    send(
      '/payments/confirm-payment',
      jsonRequest('POST', token, {
        bookingId: session.bookingId,
        paymentMethod: 'card',
        sessionId: session.sessionId,
      }),
    ),
    'payment confirmation',
  );
  return { ...booking, sessionId: session.sessionId };
}

/**
 * A customer's booking history: `count` paid bookings of one to three articles each, oldest first,
 * taken round-robin from `articles`.
 */
export async function createBookingHistory(
  send: Send,
  token: string,
  articles: readonly ArticleView[],
  count = BOOKING_HISTORY_LENGTH,
): Promise<PaidBooking[]> {
  const bookings: PaidBooking[] = [];
  for (let order = 0; order < count; order++) {
    const size = (order % 3) + 1;
    const picked = Array.from(
      { length: size },
      (_, index) => articles[(order + index) % articles.length] as ArticleView,
    );
    await addToCart(send, token, picked, 30 + order);
    bookings.push(await payCartByCard(send, token));
  }
  return bookings;
}

/** Staff refund a paid booking in full (docs/product.md#d33-refunds). */
export async function refundBooking(send: Send, adminToken: string, bookingId: number): Promise<void> {
  await expectOk(send(`/admin/bookings/${bookingId}/refund`, jsonRequest('POST', adminToken)), 'refund');
}

/**
 * The cardholder disputes a card payment at Stripe (the sandbox's test control, as their bank
 * would): `open`, or `lost` (the money goes back). Resolves once the shop shows the booking
 * 'disputed' or 'charged_back' (docs/product.md#d32-payment-states).
 */
export async function disputeCardPayment(
  send: Send,
  token: string,
  paid: PaidBooking,
  outcome: 'open' | 'lost',
  reason = 'product_not_received',
): Promise<BookingView> {
  await expectOk(
    send(`/sandbox/stripe/test/sessions/${paid.sessionId}/dispute`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ outcome, reason }),
    }),
    'dispute',
  );
  const wanted = outcome === 'open' ? 'disputed' : 'charged_back';
  for (let attempt = 0; attempt < 100; attempt++) {
    const bookings = await expectOk<BookingView[]>(send('/booking/get', jsonRequest('GET', token)), 'bookings');
    const booking = bookings.find((candidate) => candidate.id === paid.id);
    if (booking?.status === wanted) return booking;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`booking ${paid.bookingNumber} never became ${wanted}`);
}

/**
 * Pays the customer's cart with PayPal, whose capture PayPal holds for review: the booking stays
 * 'processing' (docs/product.md#d32-payment-states) until a test settles it in the sandbox. Its
 * entries stay in the cart, as for any booking not paid yet.
 */
export async function payCartPendingWithPayPal(send: Send, token: string): Promise<BookingView> {
  const order = await expectOk<{ id: string; bookingId: number }>(
    send('/payment/paypal/orders', jsonRequest('POST', token, { earlyStart: true })),
    'PayPal payment start',
  );
  const sandbox = (path: string, body?: unknown) =>
    expectOk(
      send(`/sandbox/paypal${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      }),
      `PayPal sandbox ${path}`,
    );
  await sandbox(`/v2/checkout/orders/${order.id}/approve`, { outcome: 'pending-then-completed' });
  await expectOk(send(`/payment/paypal/orders/${order.id}/capture`, jsonRequest('POST', token)), 'PayPal capture');
  await sandbox(`/test/orders/${order.id}/hold`);
  const bookings = await expectOk<BookingView[]>(send('/booking/get', jsonRequest('GET', token)), 'bookings');
  const booking = bookings.find((candidate) => candidate.id === order.bookingId);
  if (!booking) throw new Error('the pending booking is not in the customer’s list');
  return booking;
}

/**
 * Uploads a file to an ordered item's slot as the materials page does (docs/product.md#d36-next-steps):
 * announced with its size, then sent in parts of `partBytes`. Resolves with the last answer (201 and
 * the file, or the refusal).
 */
export async function uploadMaterial(
  send: Send,
  token: string,
  target: { bookingId: number; itemId: number; slot: string },
  fileName: string,
  data: Uint8Array,
  partBytes = data.byteLength,
): Promise<Response> {
  const started = await send(
    `/booking/${target.bookingId}/materials/uploads`,
    jsonRequest('POST', token, { itemId: target.itemId, slot: target.slot, fileName, size: data.byteLength }),
  );
  if (started.status !== 201) return started;
  const { id } = (await started.json()) as { id: string };
  let last = started;
  for (let offset = 0; offset < data.byteLength; offset += partBytes) {
    last = await send(`/booking/${target.bookingId}/materials/uploads/${id}?offset=${offset}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(data.subarray(offset, offset + partBytes)),
    });
    if (!last.ok) return last;
  }
  return last;
}

/** The orders of the realistic materials case, paid and with their materials as customers send them. */
export interface MaterialsCase {
  /** A banner at 100 × 70 cm whose print file has 72 dpi: the check warns, the customer decides. */
  print: BookingView;
  /** A website (model 1) with its name, address, five pages typed, a text file, a logo and three photos. */
  website: BookingView;
}

/**
 * The realistic materials case (docs/product.md#d36-next-steps): a print order with a 72-dpi banner
 * (2835 × 1984 px at 100 × 70 cm) and a website order with texts and photos, each paid alone.
 * `articles` are the seeded ones (`GET /articles`), of which it takes 'Banner' and the first model.
 */
export async function createMaterialsCase(
  send: Send,
  token: string,
  articles: readonly ArticleView[],
): Promise<MaterialsCase> {
  const paidOne = async (type: string) => {
    const article = articles.find((candidate) => candidate.type === type);
    if (!article) throw new Error(`no seeded article ${type}`);
    await addToCart(send, token, [article]);
    return payCartByCard(send, token);
  };
  const save = (order: BookingView, body: object) =>
    expectOk(
      send(`/booking/${order.id}/materials/items/${order.items[0]?.id}`, jsonRequest('PUT', token, body)),
      'materials',
    );
  const upload = async (order: BookingView, slot: string, name: string, data: Uint8Array) => {
    const target = { bookingId: order.id, itemId: order.items[0]?.id as number, slot };
    await expectOk(uploadMaterial(send, token, target, name, data), `upload ${name}`);
  };

  const print = await paidOne('Banner');
  await save(print, { kind: 'print', widthCm: 100, heightCm: 70, note: 'Ösen bitte alle 50 cm, auch an den Seiten.' });
  await upload(print, 'print', 'Messebanner_Frühjahr_2027.png', await rasterFile(LOW_RESOLUTION_BANNER));

  const website = await paidOne('Informationsseite mit CMS');
  const page = (title: string, text: string) => ({ title, text });
  await save(website, {
    kind: 'website',
    siteName: 'Bäckerei Müller-Lüdenscheidt',
    desiredAddress: 'www.bäckerei-müller.de',
    pages: [
      page('Startseite', 'Seit 1952 backen wir in Wiesbaden-Biebrich mit Sauerteig, Zeit und regionalem Mehl.'),
      page('Über uns', 'Drei Generationen, eine Backstube: Großvater Heinrich, Mutter Jutta und heute Jörg Müller.'),
      page('Brote', 'Roggenmischbrot, Dinkelvollkorn, Körnerkruste und samstags unser Kartoffelbrot.'),
      page(
        'Kuchen und Torten',
        'Käsekuchen nach Familienrezept, Frankfurter Kranz und Hochzeitstorten auf Bestellung.',
      ),
      page('Kontakt', 'Rathausstraße 12, 65203 Wiesbaden; Mo–Fr 6–18 Uhr, Sa 6–13 Uhr.'),
    ],
    services: [page('Hochzeitstorten', 'Auf Bestellung, mindestens drei Tage Vorlauf, Verkostung nach Absprache.')],
  });
  await upload(website, 'text', 'Texte_Über_uns.txt', new TextEncoder().encode('Über uns\nSeit 1952 …\n'));
  await upload(website, 'logo', 'logo-bäckerei.png', await rasterFile({ width: 800, height: 400, type: 'png' }));
  for (const name of ['laden-innen.jpg', 'backstube.jpg', 'brotregal.jpg']) {
    await upload(website, 'photo', name, await rasterFile({ width: 1600, height: 1067, type: 'jpeg' }));
  }
  return { print, website };
}
