/** Staff's views across all customers: the order overview. Every route needs ROLE_ADMIN. */
import * as v from 'valibot';
import type { ApiDependencies } from '../../context.ts';
import { BOOKING_STATUSES } from '../../db/schema.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { adminRouter } from '../../http/guards.ts';
import { invalidInput, parseId } from '../../http/validation.ts';
import type { PaymentProviders } from '../payments/payment-providers.ts';
import * as admin from './admin.service.ts';

const QUERY_MESSAGES = {
  status: 'Unbekannter Status.',
  q: 'Der Suchbegriff ist zu lang.',
  page: 'Die Seite muss eine ganze Zahl von 1 bis 10000 sein.',
} as const;

const BookingQuerySchema = v.object({
  status: v.optional(v.union([v.literal(''), v.picklist(BOOKING_STATUSES)], QUERY_MESSAGES.status)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, QUERY_MESSAGES.q))),
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, QUERY_MESSAGES.page),
      v.transform(Number),
      v.minValue(1, QUERY_MESSAGES.page),
      v.maxValue(10_000, QUERY_MESSAGES.page),
    ),
    '1',
  ),
});

export function adminRoutes(deps: ApiDependencies, providers: PaymentProviders) {
  return adminRouter(deps)
    .use(jsonBodyLimit)
    .get('/bookings', async (c) => {
      const parsed = v.safeParse(BookingQuerySchema, c.req.query(), { abortPipeEarly: true });
      if (!parsed.success) throw invalidInput(parsed.issues);
      const { status, q, page } = parsed.output;
      return c.json(await admin.listAllBookings(deps, { status: status || undefined, q: q || undefined, page }));
    })
    .post('/bookings/:id/cancel', async (c) => {
      await admin.cancelStaleBooking(deps, providers, parseId(c.req.param('id')));
      return c.body(null, 204);
    });
}
