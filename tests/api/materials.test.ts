/**
 * After the payment (docs/product.md#d36-next-steps): a print customer uploads a banner too small
 * for its format and reads why with the numbers, replaces it, hands over; staff download everything
 * as one ZIP and ship it; the customer reads each step. A website customer hands over texts and
 * photos within the model's limits. Nobody else sees any of it; orders not carried out take nothing;
 * the reminder comes once, files go after their retention; a file above the limit is refused while
 * it streams, not after it filled the memory.
 */
import { readdirSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderProgress, withdrawals } from '../../src/server/db/schema.ts';
import type { BookingView } from '../../src/server/features/bookings/bookings.views.ts';
import type { ArticleView } from '../../src/server/features/catalogue/catalogue.views.ts';
import type {
  MaterialFileView,
  MaterialsView,
  ProgressView,
  UploadView,
} from '../../src/server/features/materials/materials.views.ts';
import { remindMissingMaterials, removeExpiredFiles } from '../../src/server/features/materials/schedule.ts';
import { LOW_RESOLUTION_BANNER, PRINT_READY_BANNER, rasterFile } from '../support/print-files.ts';
import { addToCart, payCartByCard, uploadMaterial } from '../support/realistic-shop.ts';
import { answer, createTestApi, type ErrorBody, type TestApi, type TestUser } from './support/test-api.ts';

let api: TestApi;
let admin: TestUser;
let articles: ArticleView[];

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.admin();
  articles = (await answer<ArticleView[]>(api.request('GET', '/articles'))).body;
});
afterAll(() => api.close());

const article = (type: string) => articles.find((candidate) => candidate.type === type) as ArticleView;

/** A customer who ordered and paid `types` (seeded articles), and the paid order. */
async function paidOrder(...types: string[]): Promise<{ customer: TestUser; booking: BookingView }> {
  const customer = await api.user();
  await addToCart(api.send, customer.token, types.map(article));
  return { customer, booking: await payCartByCard(api.send, customer.token) };
}

const materialsOf = (token: string, bookingId: number) =>
  answer<MaterialsView & ErrorBody>(api.request('GET', `/booking/${bookingId}/materials`, { token }));

const saveItem = (token: string, bookingId: number, itemId: number, body: object) =>
  answer<ErrorBody & Record<string, unknown>>(
    api.request('PUT', `/booking/${bookingId}/materials/items/${itemId}`, { token, body }),
  );

async function upload(
  token: string,
  target: { bookingId: number; itemId: number; slot: string },
  name: string,
  data: Uint8Array,
  partBytes?: number,
) {
  return answer<MaterialFileView & ErrorBody>(uploadMaterial(api.send, token, target, name, data, partBytes));
}

describe('a print order, from the too-small banner to the shipment', () => {
  let customer: TestUser;
  let booking: BookingView;
  let itemId: number;

  beforeAll(async () => {
    ({ customer, booking } = await paidOrder('Banner'));
    itemId = booking.items[0]?.id as number;
  });

  it('waits for materials and says what they must be', async () => {
    const { status, body } = await materialsOf(customer.token, booking.id);
    expect(status).toBe(200);
    expect(body.progress.step).toBe('materials_missing');
    expect(body.editable).toBe(true);
    expect(body.items[0]).toMatchObject({
      kind: 'print',
      design: false,
      slots: [{ slot: 'print', types: ['pdf', 'jpeg', 'png', 'tiff'], maxBytes: 200 * 1024 * 1024, filesLeft: 1 }],
      missing: ['das Endformat (Breite × Höhe)', 'die Druckdatei'],
    });
    expect(booking.progress?.step).toBe('materials_missing');
  });

  it('takes a final format that fits the m² ordered, and no larger one', async () => {
    const tooLarge = await saveItem(customer.token, booking.id, itemId, { kind: 'print', widthCm: 200, heightCm: 150 });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors?.[0]).toEqual({
      fieldName: 'widthCm',
      message: expect.stringContaining('Das Format 200 × 150 cm hat 3,00 m², bestellt sind 1,00 m².'),
    });
    const wrongKind = await saveItem(customer.token, booking.id, itemId, { kind: 'website', siteName: 'x' });
    expect(wrongKind.status).toBe(400);
    const saved = await saveItem(customer.token, booking.id, itemId, { kind: 'print', widthCm: 100, heightCm: 70 });
    expect(saved.status).toBe(200);
    expect(saved.body.missing).toEqual(['die Druckdatei']);
  });

  it('tells why a 72-dpi banner is too small the moment it arrives, and refuses the hand-over until decided', async () => {
    const target = { bookingId: booking.id, itemId, slot: 'print' };
    const { status, body } = await upload(
      customer.token,
      target,
      'Banner Sommerfest.png',
      await rasterFile(LOW_RESOLUTION_BANNER),
    );
    expect(status).toBe(201);
    expect(body.preflight).toMatchObject({ effectiveDpi: 72, requiredDpi: 150, needsDecision: true, acceptedAt: null });
    expect(body.preflight?.findings[0]?.message).toBe(
      '72 dpi bei 100 × 70 cm – nötig sind 150 dpi. Bitte laden Sie eine größere Datei hoch oder bestätigen Sie, dass wir mit dieser drucken sollen.',
    );
    const handOver = await answer<ErrorBody>(
      api.request('POST', `/booking/${booking.id}/materials/hand-over`, { token: customer.token }),
    );
    expect(handOver).toMatchObject({
      status: 409,
      body: { message: 'Es fehlt noch: Ihre Entscheidung zur Druckdatei (eine neue Datei oder „So drucken“).' },
    });
    // Staff read the same check.
    const staffView = await materialsOf(admin.token, booking.id);
    expect(staffView.body.items[0]?.files[0]?.preflight?.findings).toEqual(body.preflight?.findings);
  });

  it('replaces it with a 150-dpi file sent in parts, resumed after a dropped part', async () => {
    const data = await rasterFile(PRINT_READY_BANNER);
    const start = await answer<UploadView>(
      api.request('POST', `/booking/${booking.id}/materials/uploads`, {
        token: customer.token,
        body: { itemId, slot: 'print', fileName: 'Banner Sommerfest 150 dpi.tif', size: data.byteLength },
      }),
    );
    expect(start).toMatchObject({ status: 201, body: { received: 0, chunkBytes: 8 * 1024 * 1024 } });
    const part = (offset: number, bytes: Uint8Array) =>
      api.request('PUT', `/booking/${booking.id}/materials/uploads/${start.body.id}?offset=${offset}`, {
        token: customer.token,
        rawBody: new Uint8Array(bytes),
        headers: { 'Content-Type': 'application/octet-stream' },
      });
    const third = Math.ceil(data.byteLength / 3);
    expect((await part(0, data.subarray(0, third))).status).toBe(200);
    // The connection dropped after the second part went out: the client asks where it stands.
    expect((await part(third, data.subarray(third, 2 * third))).status).toBe(200);
    expect((await answer(part(0, data.subarray(0, third)))).status).toBe(409);
    const status = await answer<UploadView>(
      api.request('GET', `/booking/${booking.id}/materials/uploads/${start.body.id}`, { token: customer.token }),
    );
    expect(status.body.received).toBe(2 * third);
    const done = await answer<MaterialFileView>(part(2 * third, data.subarray(2 * third)));
    expect(done.status).toBe(201);
    expect(done.body.preflight).toMatchObject({ effectiveDpi: 150, needsDecision: false });
    expect(done.body.preflight?.findings.map((finding) => finding.level)).toEqual(['ok', 'ok']);
    // The last part sent again answers the same file; the banner before it is gone with its blob.
    expect((await answer<MaterialFileView>(part(2 * third, data.subarray(2 * third)))).body.id).toBe(done.body.id);
    const { body } = await materialsOf(customer.token, booking.id);
    expect(body.items[0]?.files.map((file) => file.fileName)).toEqual(['Banner Sommerfest 150 dpi.tif']);
    expect((await api.storedFiles()).filter((name) => name.startsWith('upload-'))).toEqual([]);
  });

  it('hands over once; the customer and the agency are told', async () => {
    const hand = () =>
      answer<ProgressView & ErrorBody>(
        api.request('POST', `/booking/${booking.id}/materials/hand-over`, { token: customer.token }),
      );
    const [first, second] = await Promise.all([hand(), hand()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(
      (
        await api.lastMailTo(
          customer.userEmail,
          `Ihre Unterlagen zur Bestellung ${booking.bookingNumber} sind vollständig`,
        )
      ).text,
    ).toContain(`/unterlagen?bestellung=${booking.bookingNumber}`);
    await api.lastMailTo(api.deps.company.email, `Unterlagen vollständig: Bestellung ${booking.bookingNumber}`);
    const after = await materialsOf(customer.token, booking.id);
    expect(after.body).toMatchObject({ editable: false, progress: { step: 'materials_complete' } });
    expect(after.body.closedReason).toMatch(/^Sie haben Ihre Unterlagen am \d\d\.\d\d\.\d{4} übergeben\./);
    const late = await saveItem(customer.token, booking.id, itemId, { kind: 'print', widthCm: 90, heightCm: 60 });
    expect(late.status).toBe(409);
  });

  it('lets staff download everything as one ZIP through a link', async () => {
    const link = await answer<{ url: string }>(
      api.request('POST', `/booking/${booking.id}/materials/links`, { token: admin.token, body: {} }),
    );
    const response = await api.app.request(link.body.url);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toContain(`Unterlagen-${booking.bookingNumber}.zip`);
    const zip = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('Content-Length'))).toBe(zip.byteLength);
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual([
      '01 Banner/Druckdatei/Banner Sommerfest 150 dpi.tif',
      'Unterlagen.txt',
    ]);
    const summary = new TextDecoder().decode(entries['Unterlagen.txt']);
    expect(summary).toContain('Endformat: 100 × 70 cm');
    expect(summary).toContain('150 dpi bei 100 × 70 cm: ausreichend');
    // A link opens only what it was made for.
    const tampered = link.body.url.replace('/archive?', '/files/1?');
    expect((await api.app.request(tampered)).status).toBe(404);
  });

  it('ships: the tracking number is required, mailed and shown in the profile', async () => {
    const move = (body: object) =>
      answer<ProgressView & ErrorBody>(
        api.request('POST', `/admin/bookings/${booking.id}/progress`, { token: admin.token, body }),
      );
    expect((await move({ step: 'in_progress' })).body.step).toBe('in_progress');
    await api.lastMailTo(customer.userEmail, `Wir arbeiten an Ihrer Bestellung ${booking.bookingNumber}`);
    const withoutNumber = await move({ step: 'delivered', carrier: 'DHL' });
    expect(withoutNumber.status).toBe(400);
    const shipped = await move({ step: 'delivered', carrier: 'DHL', trackingNumber: '00340434161094042557' });
    expect(shipped.body).toMatchObject({ step: 'delivered', trackingNumber: '00340434161094042557', carrier: 'DHL' });
    expect((await move({ step: 'delivered', carrier: 'DHL', trackingNumber: '00340434161094042557' })).status).toBe(
      200,
    );
    const mail = await api.lastMailTo(customer.userEmail, `Ihre Bestellung ${booking.bookingNumber} ist geliefert`);
    expect(mail.text).toContain('Sendungsnummer 00340434161094042557 (DHL)');
    expect(api.mails().filter((sent) => sent.subject.includes('ist geliefert')).length).toBe(1);
    const [listed] = (await answer<BookingView[]>(api.request('GET', '/booking/get', { token: customer.token }))).body;
    expect(listed?.progress).toMatchObject({ step: 'delivered', trackingNumber: '00340434161094042557' });
  });

  it('deletes the files 90 days after the delivery', async () => {
    const [row] = await api.db.select().from(orderProgress).where(eq(orderProgress.bookingId, booking.id));
    const delivered = row?.deliveredAt?.getTime() as number;
    expect(await removeExpiredFiles(api.deps, new Date(delivered + 89 * 86_400_000))).toBe(0);
    const before = (await api.storedFiles()).filter((name) => name.startsWith('material-')).length;
    expect(await removeExpiredFiles(api.deps, new Date(delivered + 91 * 86_400_000))).toBe(1);
    expect((await api.storedFiles()).filter((name) => name.startsWith('material-')).length).toBe(before - 1);
    const { body } = await materialsOf(customer.token, booking.id);
    expect(body.items[0]?.files).toEqual([]);
    expect(body.progress.filesRemovedAt).not.toBeNull();
  });
});

describe('a website order within its model’s limits', () => {
  it('takes name, address, texts, a logo and photos, says what is left, and hands over', async () => {
    const { customer, booking } = await paidOrder('Informationsseite mit CMS');
    const itemId = booking.items[0]?.id as number;
    const { body } = await materialsOf(customer.token, booking.id);
    expect(body.items[0]).toMatchObject({
      model: { number: 1, name: 'Informationsseite mit CMS' },
      lists: [
        { list: 'pages', max: 5 },
        { list: 'services', max: 10 },
      ],
      missing: ['der Name der Website', 'die gewünschte Adresse der Website', 'Texte (getippt oder als Datei)'],
    });
    const page = (title: string) => ({ title, text: 'Seit 1952 backen wir in Wiesbaden-Biebrich mit Sauerteig.' });
    const typed = {
      kind: 'website',
      siteName: 'Bäckerei Müller-Lüdenscheidt',
      desiredAddress: 'https://www.bäckerei-müller.de/',
      pages: ['Startseite', 'Über uns', 'Brote', 'Kuchen', 'Kontakt'].map(page),
      services: [{ title: 'Hochzeitstorten', text: 'Auf Bestellung, drei Tage Vorlauf.' }],
    };
    const tooMany = await saveItem(customer.token, booking.id, itemId, {
      ...typed,
      pages: [...typed.pages, page('Blog')],
    });
    expect(tooMany.body.errors?.[0]).toEqual({
      fieldName: 'pages',
      message: 'Höchstens 5 Seiten sind in Ihrem Modell enthalten.',
    });
    const saved = await saveItem(customer.token, booking.id, itemId, typed);
    expect(saved.body).toMatchObject({ data: { desiredAddress: 'www.bäckerei-müller.de' }, missing: [] });
    const to = (slot: string) => ({ bookingId: booking.id, itemId, slot });
    expect(
      (await upload(customer.token, to('logo'), 'logo.png', await rasterFile({ width: 400, height: 200, type: 'png' })))
        .status,
    ).toBe(201);
    for (const index of [1, 2]) {
      const photo = await rasterFile({ width: 1200 + index, height: 800, type: 'jpeg' });
      expect((await upload(customer.token, to('photo'), `laden-${index}.jpg`, photo)).status).toBe(201);
    }
    const svg = await upload(
      customer.token,
      to('photo'),
      'foto.jpg',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(svg).toMatchObject({ status: 415, body: { message: expect.stringContaining('Erlaubt sind: JPG, PNG') } });
    const texts = await upload(
      customer.token,
      to('text'),
      'Texte.txt',
      new TextEncoder().encode('Über uns\nSeit 1952 …\n'),
    );
    expect(texts.body.fileType).toBe('txt');
    const view = (await materialsOf(customer.token, booking.id)).body.items[0];
    expect(view?.slots.find((slot) => slot.slot === 'photo')).toMatchObject({ maxFiles: 20, filesLeft: 18 });
    expect(view?.slots.find((slot) => slot.slot === 'logo')?.filesLeft).toBe(0);
    const handed = await answer<ProgressView>(
      api.request('POST', `/booking/${booking.id}/materials/hand-over`, { token: customer.token }),
    );
    expect(handed.body.step).toBe('materials_complete');
  });
});

describe('who sees materials, and when they are taken', () => {
  let customer: TestUser;
  let booking: BookingView;
  let fileId: number;

  beforeAll(async () => {
    ({ customer, booking } = await paidOrder('Visitenkarten'));
    const target = { bookingId: booking.id, itemId: booking.items[0]?.id as number, slot: 'print' };
    fileId = (
      await upload(customer.token, target, 'karten.png', await rasterFile({ width: 1100, height: 650, type: 'png' }))
    ).body.id;
  });

  it('shows another customer nothing: 404 wherever the order is named, 401 without a token', async () => {
    const stranger = await api.user();
    const as = { token: stranger.token };
    expect((await api.request('GET', `/booking/${booking.id}/materials`, as)).status).toBe(404);
    expect((await api.request('GET', `/booking/${booking.id}/materials/files/${fileId}`, as)).status).toBe(404);
    expect((await api.request('GET', `/booking/${booking.id}/materials/archive`, as)).status).toBe(404);
    expect((await api.request('POST', `/booking/${booking.id}/materials/links`, { ...as, body: {} })).status).toBe(404);
    expect(
      (
        await api.request('POST', `/booking/${booking.id}/materials/uploads`, {
          ...as,
          body: { itemId: booking.items[0]?.id, slot: 'print', fileName: 'x.pdf', size: 10 },
        })
      ).status,
    ).toBe(404);
    expect((await api.request('GET', `/booking/${booking.id}/materials/files/${fileId}`)).status).toBe(401);
    expect((await api.request('GET', `/booking/${booking.id}/materials/files/${fileId}?link=1.2.abc`)).status).toBe(
      404,
    );
  });

  it('serves the customer’s file as an attachment of its own type, under the name it had', async () => {
    const response = await api.request('GET', `/booking/${booking.id}/materials/files/${fileId}`, {
      token: customer.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="karten.png"; filename*=UTF-8''karten.png`,
    );
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    expect((await buffer(response.body as unknown as AsyncIterable<Uint8Array>)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('takes nothing from an order that was withdrawn or refunded', async () => {
    await api.db.insert(withdrawals).values({
      name: 'Anna Müller',
      email: customer.userEmail,
      orderNumber: booking.bookingNumber,
      bookingId: booking.id,
      reason: '',
    });
    const target = { bookingId: booking.id, itemId: booking.items[0]?.id as number, slot: 'print' };
    const refused = await upload(
      customer.token,
      target,
      'neu.png',
      await rasterFile({ width: 100, height: 60, type: 'png' }),
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'Sie haben diese Bestellung widerrufen; sie nimmt keine Unterlagen mehr an.' },
    });
    const refundedOrder = await paidOrder('Fotodruck');
    await api.request('POST', `/admin/bookings/${refundedOrder.booking.id}/refund`, { token: admin.token });
    const view = await materialsOf(refundedOrder.customer.token, refundedOrder.booking.id);
    expect(view.body).toMatchObject({ editable: false, closedReason: expect.stringContaining('erstattet') });
    const move = await api.request('POST', `/admin/bookings/${refundedOrder.booking.id}/progress`, {
      token: admin.token,
      body: { step: 'in_progress' },
    });
    expect(move.status).toBe(409);
    // Its files are kept 30 days from the moment the shop sees it will not be carried out.
    const now = Date.now();
    await removeExpiredFiles(api.deps, new Date(now));
    expect(await removeExpiredFiles(api.deps, new Date(now + 29 * 86_400_000))).toBe(0);
    expect(await removeExpiredFiles(api.deps, new Date(now + 31 * 86_400_000))).toBe(1);
  });
});

describe('the reminder 3 days after the payment', () => {
  it('goes once, listing what is missing, also when several servers look at once', async () => {
    const { customer, booking } = await paidOrder('Leinwanddruck');
    const paidAt = new Date(booking.paidAt as string).getTime();
    expect(await remindMissingMaterials(api.deps, new Date(paidAt + 2.9 * 86_400_000))).toBe(0);
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => remindMissingMaterials(api.deps, new Date(paidAt + 3.1 * 86_400_000))),
    );
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    const subject = `Ihre Unterlagen zur Bestellung ${booking.bookingNumber} fehlen noch`;
    const mail = await api.lastMailTo(customer.userEmail, subject);
    expect(mail.text).toContain('Leinwanddruck: das Endformat (Breite × Höhe), die Druckdatei');
    expect(await remindMissingMaterials(api.deps, new Date(paidAt + 10 * 86_400_000))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.mails().filter((sent) => sent.subject === subject)).toHaveLength(1);
  });
});

describe('the size limit', () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'refuses a 201 MB file while it streams, and one announced as larger at once',
    async () => {
      const { customer, booking } = await paidOrder('Großformatdruck auf Papier');
      const itemId = booking.items[0]?.id as number;
      const announce = (size: number) =>
        answer<UploadView & ErrorBody>(
          api.request('POST', `/booking/${booking.id}/materials/uploads`, {
            token: customer.token,
            body: { itemId, slot: 'print', fileName: 'riesig.tif', size },
          }),
        );
      const tooLarge = await announce(201 * 1024 * 1024);
      expect(tooLarge).toMatchObject({
        status: 413,
        body: { message: expect.stringMatching(/^Die Datei ist 201 MB groß; hier sind höchstens 200 MB möglich\./) },
      });
      const started = await announce(200 * 1024 * 1024);
      // 201 MB made as it is sent, never held whole: the server must stop at the 200th.
      let sent = 0;
      const megabyte = new Uint8Array(1024 * 1024).fill(0x49);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 201) return controller.close();
          sent += 1;
          controller.enqueue(megabyte);
        },
      });
      const heapBefore = process.memoryUsage().rss;
      const response = await api.app.request(
        `/api/booking/${booking.id}/materials/uploads/${started.body.id}?offset=0`,
        {
          method: 'PUT',
          headers: { Authorization: `Bearer ${customer.token}`, 'Content-Type': 'application/octet-stream' },
          body,
          duplex: 'half',
        } as RequestInit,
        { clientAddress: '203.0.113.1' },
      );
      const grew = process.memoryUsage().rss - heapBefore;
      expect(response.status).toBe(413);
      expect(((await response.json()) as ErrorBody).message).toBe(
        'Es kam mehr an, als die Datei groß sein sollte (200 MB).',
      );
      expect(sent).toBeGreaterThanOrEqual(200);
      expect(grew).toBeLessThan(100 * 1024 * 1024);
      expect(readdirSync(api.deps.materials.workDir)).toEqual([]);
    },
    60_000,
  );
});
