/**
 * PayPal's approval window in the sandbox: the buyer approves (choosing how the capture will end)
 * or cancels, and is sent back as PayPal sends them (docs/product.md#d19-provider-emulators); the
 * stand-in for PayPal's web SDK and its window's styles are served beside it.
 */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import type { ApiEnv } from '../../context.ts';
import { approvalPage, approvalResultPage } from './approval-page.ts';
import { PayPalApiError } from './errors.ts';
import { approvable, type StoredOrder } from './orders.ts';
import { ApproveSchema, type PayPalEmulatorOptions, type PayPalState } from './paypal-state.ts';

/** Where the stand-in for PayPal's web SDK is served; its window's styles are beside it (`window.css`). */
export const PAYPAL_SDK_PATH = '/sdk/v6/core.js';

export function approvalRoutes(
  app: Hono<ApiEnv>,
  state: PayPalState,
  { pages, sdk }: Pick<PayPalEmulatorOptions, 'pages' | 'sdk'>,
): void {
  const { currentOrder, approve } = state;
  const idOf = (c: Context) => c.req.param('id') ?? '';
  const page = (c: Context, html: string, status: ContentfulStatusCode) => c.html(html, status, pages.headers);

  /** The order as the approval page sees it: none once it is gone. */
  const orderForPage = (id: string) => currentOrder(id).catch(() => undefined);

  app.get('/checkout/:id', async (c) => {
    const stored = await orderForPage(idOf(c));
    if (!stored) return page(c, approvalResultPage(pages, 'unknown'), 404);
    if (!approvable(stored)) return page(c, approvalResultPage(pages, 'not-approvable'), 409);
    return page(c, approvalPage(pages, stored.order, stored.fundingDeclined === true), 200);
  });

  app.post('/checkout/:id', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const stored = await orderForPage(idOf(c));
    if (!stored) return page(c, approvalResultPage(pages, 'unknown'), 404);
    if (form.get('action') === 'cancel') {
      if (!stored.cancelUrl) return page(c, approvalResultPage(pages, 'canceled'), 200);
      const target = new URL(stored.cancelUrl);
      target.searchParams.set('token', stored.order.id);
      return c.redirect(target.href, 303);
    }
    const outcome = v.safeParse(ApproveSchema.entries.outcome, form.get('outcome') ?? undefined);
    if (!outcome.success) return page(c, approvalPage(pages, stored.order, stored.fundingDeclined === true), 400);
    let after: StoredOrder;
    try {
      after = await approve(stored.order.id, { outcome: outcome.output });
    } catch (error) {
      if (error instanceof PayPalApiError) return page(c, approvalResultPage(pages, 'not-approvable'), 409);
      throw error;
    }
    if (!after.returnUrl) return page(c, approvalResultPage(pages, 'approved'), 200);
    // PayPal returns the buyer with the order id as `token` and the payer's id as `PayerID`.
    const target = new URL(after.returnUrl);
    target.searchParams.set('token', after.order.id);
    target.searchParams.set('PayerID', after.order.payer?.payer_id ?? '');
    return c.redirect(target.href, 303);
  });

  const asset = (contentType: string, content: string) => (c: Context) =>
    c.body(content, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-cache' });
  app.get(PAYPAL_SDK_PATH, asset('text/javascript; charset=utf-8', sdk.script));
  app.get('/sdk/v6/window.css', asset('text/css; charset=utf-8', sdk.styles));
}
