/**
 * Stripe's hosted Checkout page in the sandbox: the customer pays (or declines, authenticates, lets
 * it expire, cancels) with a button for every outcome a real card or delayed method can have
 * (docs/product.md#d19-provider-emulators).
 */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEnv } from '../../context.ts';
import { stripeId } from '../sandbox-ids.ts';
import { authenticationPage, checkoutPage, notOpenPage, paidPage, unknownSessionPage } from './checkout-page.ts';
import {
  completed,
  DELAYED_PAYMENT_SETTLES_AFTER_MS,
  expired,
  isOpen,
  isOverdue,
  successRedirect,
} from './checkout-sessions.ts';
import type { StripeEmulatorOptions, StripeState } from './stripe-state.ts';

export function hostedCheckout(
  app: Hono<ApiEnv>,
  state: StripeState,
  { pages }: Pick<StripeEmulatorOptions, 'pages'>,
): void {
  const { now, changeSession, currentSession } = state;
  const sessionId = (c: Context) => c.req.param('id') ?? '';
  const page = (c: Context, html: string, status: ContentfulStatusCode) => c.html(html, status, pages.headers);

  app.get('/checkout/:id', async (c) => {
    const stored = await currentSession(sessionId(c));
    if (!stored) return page(c, unknownSessionPage(pages), 404);
    return isOpen(stored) ? page(c, checkoutPage(pages, stored), 200) : page(c, notOpenPage(pages, stored), 409);
  });

  /**
   * The customer pays: by card at once, or by a delayed method that succeeds or fails days later.
   * Of two payments at once, the locked change lets one complete, the other sees 'complete'.
   */
  async function pay(c: Context, id: string, delayed?: 'succeeded' | 'failed') {
    const ending = delayed && { outcome: delayed, at: now().getTime() + DELAYED_PAYMENT_SETTLES_AFTER_MS };
    const { before, after } = await changeSession(id, (latest) => {
      if (isOverdue(latest, now())) return expired(latest);
      return isOpen(latest) ? completed(latest, stripeId('pi'), ending) : latest;
    });
    if (!isOpen(before) || after.session.status !== 'complete') return page(c, notOpenPage(pages, after), 409);
    const target = successRedirect(after);
    // Without a success URL, Stripe shows a confirmation page of its own.
    return target ? c.redirect(target, 303) : page(c, paidPage(pages, after), 200);
  }

  app.post('/checkout/:id', async (c) => {
    const action = new URLSearchParams(await c.req.text()).get('action');
    const id = sessionId(c);
    const stored = await currentSession(id);
    if (!stored) return page(c, unknownSessionPage(pages), 404);
    if (!isOpen(stored)) return page(c, notOpenPage(pages, stored), 409);
    switch (action) {
      case 'pay':
      case 'authentication-passed':
        return pay(c, id);
      case 'delayed-succeeds':
        return pay(c, id, 'succeeded');
      case 'delayed-fails':
        return pay(c, id, 'failed');
      case 'decline':
        return page(c, checkoutPage(pages, stored, 'declined'), 402);
      case 'authenticate':
        return page(c, authenticationPage(pages, stored), 200);
      case 'authentication-failed':
        return page(c, checkoutPage(pages, stored, 'authentication-failed'), 402);
      case 'expire': {
        // As when its 24 hours run out: expired, with its event, and never payable again.
        const { after } = await changeSession(id, (latest) => (isOpen(latest) ? expired(latest) : latest));
        return page(c, notOpenPage(pages, after), 200);
      }
      case 'cancel':
        return stored.session.cancel_url
          ? c.redirect(stored.session.cancel_url, 303)
          : page(c, checkoutPage(pages, stored), 400);
      default:
        return page(c, checkoutPage(pages, stored), 400);
    }
  });
}
