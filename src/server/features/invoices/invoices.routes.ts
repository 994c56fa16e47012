/**
 * Invoices over HTTP (docs/product.md#d37-invoices): the caller's billing address at
 * /users/me/billing-address, and an order's invoice and correcting invoice as PDF, for the
 * order's owner and for staff.
 */
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { BILLING_MESSAGES, BillingAddressSchema, BillingAddressViewSchema } from '../../../lib/billing-address.ts';
import type { InvoiceKind } from '../../../lib/invoices.ts';
import type { ApiDependencies, ApiEnv, AuthenticatedUser } from '../../context.ts';
import { bookings } from '../../db/schema.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { ApiError, MESSAGES } from '../../http/errors.ts';
import { failure, json, jsonBody, operation } from '../../http/openapi.ts';
import { parseId } from '../../http/validation.ts';
import { requireUser } from '../accounts/guards.ts';
import { billingAddressOf, saveBillingAddress } from './billing-addresses.ts';
import { invoiceOf } from './invoices.service.ts';

const TAG = 'Invoices';

export function billingAddressRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit, requireUser(deps))
    .get(
      '/',
      operation(TAG, {
        summary: 'The caller’s billing address',
        responses: {
          200: json('The address the next order’s invoice names.', BillingAddressViewSchema),
          404: failure('No billing address stored yet.'),
        },
      }),
      async (c) => {
        const address = await billingAddressOf(deps.db, c.get('user').id);
        if (!address) throw new ApiError(404, BILLING_MESSAGES.missing);
        return c.json(address);
      },
    )
    .put(
      '/',
      operation(TAG, {
        summary: 'Store the caller’s billing address',
        description:
          'Replaces the stored address. Orders whose payment started before keep the address they were paid with. `country` is an ISO 3166-1 alpha-2 code (default `DE`); a German postcode has five digits; `vatId` is checked by its country’s format and, for Germany, its check digit.',
        responses: { 200: json('The stored address.', BillingAddressViewSchema) },
      }),
      jsonBody(BillingAddressSchema),
      async (c) => c.json(await saveBillingAddress(deps.db, c.get('user').id, c.req.valid('json'))),
    );
}

const PDF_RESPONSE = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } },
});

/** The order's invoice of `kind`, if the caller may see it: its owner or staff. Anyone else learns nothing. */
async function visibleInvoice(deps: ApiDependencies, user: AuthenticatedUser, bookingId: number, kind: InvoiceKind) {
  const [booking] = await deps.db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, bookingId));
  const allowed = booking && (booking.userId === user.id || user.roles.includes('ROLE_ADMIN'));
  const invoice = allowed ? await invoiceOf(deps.db, bookingId, kind) : undefined;
  if (!invoice) throw new ApiError(404, MESSAGES.notFound);
  return invoice;
}

const invoiceRoute = (deps: ApiDependencies, kind: InvoiceKind, summary: string, description: string) =>
  [
    operation(TAG, {
      summary,
      description,
      ids: ['id'],
      responses: {
        200: PDF_RESPONSE('The PDF/A-3 with its embedded `factur-x.xml` (EN 16931); the same bytes every time.'),
        404: failure('No such order, not the caller’s, or without this document.'),
      },
    }),
    requireUser(deps),
    async (c: Context<ApiEnv>) => {
      const invoice = await visibleInvoice(deps, c.get('user'), parseId(c.req.param('id') ?? ''), kind);
      const file = await deps.invoices.pdf(invoice);
      return c.body(file.data, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  ] as const;

export function invoiceRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .get(
      '/:id/invoice',
      ...invoiceRoute(
        deps,
        'invoice',
        'An order’s invoice',
        'Issued when the order was paid, numbered RE-YYYY-NNNNN. For the order’s owner and for administrators.',
      ),
    )
    .get(
      '/:id/credit-note',
      ...invoiceRoute(
        deps,
        'credit_note',
        'An order’s correcting invoice',
        'Issued when the order was refunded (type 381), referring to the invoice it corrects. For the order’s owner and for administrators.',
      ),
    );
}
