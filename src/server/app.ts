/**
 * The REST API (docs/product.md#rest-api) as a Hono app under /api, built from its dependencies
 * so that the server process and the tests create it the same way. Each feature's router brings
 * its own guards and body limits; this file only adds what every answer shares.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import type { BlankSchema } from 'hono/types';
import type { ApiDependencies, ApiEnv } from './context.ts';
import { authRoutes, userRoutes } from './features/accounts/accounts.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { apiDocsRoutes } from './features/api-docs/api-docs.routes.ts';
import { bookingRoutes } from './features/bookings/bookings.routes.ts';
import { adminCancellationRoutes, cancellationRoutes } from './features/cancellations/cancellations.routes.ts';
import { cartRoutes } from './features/cart/cart.routes.ts';
import { articleRoutes, categoryRoutes } from './features/catalogue/catalogue.routes.ts';
import { editorRoutes, keystaticRoutes } from './features/editor/editor.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { imageRoutes } from './features/images/images.routes.ts';
import { billingAddressRoutes, invoiceRoutes } from './features/invoices/invoices.routes.ts';
import { materialRoutes } from './features/materials/materials.routes.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { type PaymentProviders, paymentProviders } from './features/payments/payment-providers.ts';
import { paymentConfirmationRoutes, paymentRoutes } from './features/payments/payments.routes.ts';
import { adminWithdrawalRoutes, withdrawalRoutes } from './features/withdrawals/withdrawals.routes.ts';
import { errorBody, handleError, MESSAGES } from './http/errors.ts';
import { noNulInAddress, servedMethodsOnly } from './http/request-checks.ts';
import { SHARED_SECURITY_HEADERS, strictTransportSecurity } from './http/security-headers.ts';
import { SANDBOX_PATH, sandboxRoutes } from './payment-sandbox/sandbox.routes.ts';

export const API_BASE_PATH = '/api';

/**
 * The API and the payment providers' clients it was built with (the reconciliation uses them too;
 * in the sandbox they reach the emulators inside this app).
 */
export function createApp(deps: ApiDependencies): { app: ApiApp; providers: PaymentProviders } {
  const app = new Hono<ApiEnv>().basePath(API_BASE_PATH);
  // The sandbox's emulators live in this app: the providers' SDKs and its webhooks reach them in process.
  const intoThisApp = async (input: string | URL | Request, init?: RequestInit) => app.fetch(new Request(input, init));
  const providers = paymentProviders(deps.payments, { path: `${API_BASE_PATH}${SANDBOX_PATH}`, fetch: intoThisApp });
  const webhook = async (provider: 'stripe' | 'paypal', body: string, headers: Record<string, string>) =>
    (
      await intoThisApp(`http://sandbox${API_BASE_PATH}/payment/${provider}/webhook`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', ...headers },
      })
    ).status;
  const deliverWebhook = {
    stripe: (body: string, signature: string) => webhook('stripe', body, { 'Stripe-Signature': signature }),
    paypal: (body: string, headers: Record<string, string>) => webhook('paypal', body, headers),
  };

  app.use(
    secureHeaders({
      crossOriginResourcePolicy: 'same-site',
      xFrameOptions: SHARED_SECURITY_HEADERS['X-Frame-Options'],
      xContentTypeOptions: SHARED_SECURITY_HEADERS['X-Content-Type-Options'],
      strictTransportSecurity: strictTransportSecurity(deps.siteUrl),
    }),
  );
  app.use(servedMethodsOnly, noNulInAddress);
  // When the site and the API live on different origins (PUBLIC_API_BASE an absolute URL), only
  // the site's own origin may call the API from a browser. Whatever headers its client sends
  // (ours names itself in X-HWDS-Client, the earlier one in a header of its own) are allowed.
  // The client reads a 401's Bearer challenge to tell an ended session from a wrong password.
  // Credentials: the login's device cookie (docs/product.md#h2-rate-limits); the editor's staff-tools cookie
  // (docs/product.md#d38-content-editor) is SameSite=Strict and read only by the site's own server.
  app.use(
    cors({
      origin: deps.siteUrl,
      credentials: true,
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposeHeaders: ['WWW-Authenticate'],
      maxAge: 600,
    }),
  );
  app.use(async (c, next) => {
    await next();
    c.env?.routed?.(routePath(c));
    // Answers depend on the token: never cached by browsers or proxies, images excepted.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    // A body refused as too large is left partly unread; its rest could not be told from the next
    // request on the connection (behind a pooling proxy, another user's): the answer ends it.
    if (c.res.status === 413) c.header('Connection', 'close');
  });

  app.route('/health', healthRoutes(deps));
  app.route('/metrics', metricsRoutes(deps));
  app.route('/auth', authRoutes(deps));
  app.route('/users', userRoutes(deps));
  app.route('/users/me/billing-address', billingAddressRoutes(deps));
  app.route('/departaments', categoryRoutes(deps));
  app.route('/articles', articleRoutes(deps));
  app.route('/images', imageRoutes(deps));
  app.route('/cart', cartRoutes(deps));
  app.route('/booking', bookingRoutes(deps));
  app.route('/booking', invoiceRoutes(deps));
  app.route('/booking', materialRoutes(deps));
  app.route('/payment', paymentRoutes(deps, providers));
  app.route('/payments', paymentConfirmationRoutes(deps, providers));
  app.route(SANDBOX_PATH, sandboxRoutes(deps, deliverWebhook));
  app.route('/withdrawals', withdrawalRoutes(deps));
  app.route('/admin/withdrawals', adminWithdrawalRoutes(deps));
  app.route('/cancellations', cancellationRoutes(deps));
  app.route('/admin/cancellations', adminCancellationRoutes(deps));
  app.route('/admin', adminRoutes(deps, providers));
  app.route('/editor', editorRoutes(deps));
  app.route('/keystatic', keystaticRoutes(deps));
  app.route('/', apiDocsRoutes(app, API_BASE_PATH, deps));

  app.notFound((c) => c.json(errorBody(404, MESSAGES.notFound), 404));
  app.onError(handleError);
  return { app, providers };
}

export type ApiApp = Hono<ApiEnv, BlankSchema, typeof API_BASE_PATH>;
