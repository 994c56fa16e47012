/**
 * What pages read from the server while they render (docs/product.md#d26-code-layout): the one
 * module of src/server that src/pages, src/components and src/layouts import, besides the
 * contracts' types. Their frontmatter runs on the server, at build time or, with
 * `prerender = false`, per request; it reaches this process's API through these functions, never
 * through a service, a route or the database schema (tests/unit/architecture.test.ts).
 */
import { findCategory } from './features/catalogue/catalogue.service.ts';
import type { CategoryView } from './features/catalogue/catalogue.views.ts';
import { isId } from './http/validation.ts';
import { processApi } from './runtime.ts';

export { servedContent, yearlyDiscountPercent } from './content-files.ts';
export { PUBLIC_CACHE_HEADERS } from './http/caching.ts';
export { paypalSdkStandInUrl } from './payment-sandbox/sandbox.routes.ts';

/** `/api/*` of the site's server: this process's REST API answers. */
export const serveApi = async (request: Request, clientAddress: string): Promise<Response> =>
  (await processApi()).app.fetch(request, { clientAddress });

/** A category with its articles and images, as `GET /departaments/{id}` answers; undefined when `id` names none. */
export async function findCategoryPage(id: string | undefined): Promise<CategoryView | undefined> {
  return isId(id) ? findCategory((await processApi()).deps, Number(id)) : undefined;
}

/** What the payment pages say about the running server's providers: which run in the sandbox, and PayPal's public setup. */
export async function paymentSettings() {
  const { payments, publicApiBase } = (await processApi()).deps;
  const { stripe, paypal } = payments;
  return {
    stripe: { sandbox: stripe.sandbox },
    paypal: { clientId: paypal.clientId, apiBase: paypal.apiBase, sandbox: paypal.sandbox },
    publicApiBase,
  };
}
