/** Staff's views across all customers: the booking overview. Every route needs ROLE_ADMIN. */
import * as v from 'valibot';
import { ProgressChangeSchema } from '../../../lib/materials-input.ts';
import type { ApiDependencies } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { failure, json, jsonBody, noContent, operation, queryParameters } from '../../http/openapi.ts';
import { parseId } from '../../http/validation.ts';
import { adminRouter } from '../accounts/guards.ts';
import { BOOKING_STATUSES } from '../bookings/bookings.views.ts';
import { changeProgress } from '../materials/materials.service.ts';
import { ProgressViewSchema } from '../materials/materials.views.ts';
import type { PaymentProviders } from '../payments/payment-providers.ts';
import { RefundViewSchema } from '../payments/payments.views.ts';
import { refundBooking } from '../payments/refunds.ts';
import * as admin from './admin.service.ts';
import { AdminBookingPageSchema } from './admin.views.ts';

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

const TAG = 'Admin';

export function adminRoutes(deps: ApiDependencies, providers: PaymentProviders) {
  return adminRouter(deps)
    .use(jsonBodyLimit)
    .get(
      '/bookings',
      operation(TAG, {
        summary: 'All bookings',
        description: `Every customer’s bookings, newest first, ${admin.BOOKINGS_PAGE_SIZE} a page; \`q\` searches booking numbers, names and e-mail addresses.`,
        responses: {
          200: json('One page of bookings.', AdminBookingPageSchema),
          400: failure('Unknown status, a search term over 100 characters, or a page outside 1 to 10000.'),
        },
      }),
      queryParameters(BookingQuerySchema),
      async (c) => {
        const { status, q, page } = c.req.valid('query');
        return c.json(await admin.listAllBookings(deps, { status: status || undefined, q: q || undefined, page }));
      },
    )
    .post(
      '/bookings/:id/cancel',
      operation(TAG, {
        summary: 'Cancel an unpaid booking',
        description: `Only a booking still awaiting payment after its payment window (${admin.PAYMENT_WINDOW_MS / 3_600_000} hours from its newest payment attempt); its open card sessions are expired first.`,
        ids: ['id'],
        responses: {
          204: noContent('The booking is cancelled.'),
          404: failure('No booking with this id.'),
          409: failure(
            'The booking is paid (also meanwhile, by a card session that could not be expired), cancelled, still within its payment window, being captured by PayPal, or its payment is being processed by a provider.',
          ),
          502: failure('Stripe could not be reached to expire the booking’s card sessions.'),
        },
      }),
      async (c) => {
        await admin.cancelStaleBooking(deps, providers, parseId(c.req.param('id')));
        return c.body(null, 204);
      },
    )
    .post(
      '/bookings/:id/refund',
      operation(TAG, {
        summary: 'Refund a paid booking',
        description:
          'Refunds the booking’s payment in full through the provider it was paid with; the booking becomes `refunded` and the customer gets a mail. A double click or a concurrent call never refunds twice.',
        ids: ['id'],
        responses: {
          200: json('The refund: `completed`, or `pending` when the provider pays it out later.', RefundViewSchema),
          404: failure('No booking with this id.'),
          409: failure('The booking is not paid, refunded already, or being refunded right now.'),
          502: failure(
            'The provider refused the refund, or could not be reached (the shop asks it again within minutes).',
          ),
        },
      }),
      async (c) => c.json(await refundBooking(deps, providers, parseId(c.req.param('id')))),
    )
    .post(
      '/bookings/:id/progress',
      operation(TAG, {
        summary: 'Move a paid order on',
        description:
          'To `materials_missing` (with a `note` saying what is missing; the customer may change the materials again), `materials_complete`, `in_progress` or `delivered`, which needs per kind ordered: print `carrier` and `trackingNumber`, a website `siteUrl`, maintenance `startedOn`. The customer gets a mail; the step the order is at already changes nothing and sends nothing.',
        ids: ['id'],
        responses: {
          200: json('Where the order stands now.', ProgressViewSchema),
          404: failure('No booking with this id, or it was never paid.'),
          409: failure('The order is not carried out: refunded, cancelled, charged back or withdrawn.'),
        },
      }),
      jsonBody(ProgressChangeSchema),
      async (c) => c.json(await changeProgress(deps, c.get('user'), parseId(c.req.param('id')), c.req.valid('json'))),
    );
}
