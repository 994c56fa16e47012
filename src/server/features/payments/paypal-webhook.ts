/**
 * `POST /payment/paypal/webhook`: PayPal's events about orders, captures and disputes
 * (docs/product.md#d21-paypal, #d32-payment-states, #d33-refunds), verified the way PayPal asks:
 * the transmission's headers and the event, exactly as received, go to PayPal's
 * verify-webhook-signature API with the webhook's id. An event is then only a hint: the product
 * reads the order, refund or dispute from PayPal and records what it says, so a replayed or
 * reordered event changes nothing. An order the payer approved is captured (the browser that
 * should have asked for it may have died), a reversed capture is charged back.
 */
import * as v from 'valibot';
import type { ApiDependencies } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { atMostEveryMinute, log } from '../../log.ts';
import { applyProviderDispute, paypalDisputeReport, recordChargeback } from './disputes.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { askProvider } from './payment-states.ts';
import { captureForPayer } from './paypal-capture.ts';
import { centsOf, type WebhookTransmission } from './paypal-client.ts';
import { applyProviderRefund, refundStatusOf } from './provider-refunds.ts';
import { applyVerdict } from './settlement.ts';

const PAYPAL_WEBHOOK_MESSAGES = {
  unverified: 'Die Nachricht ist nicht von PayPal bestätigt.',
  malformed: 'Die Nachricht hat nicht die erwartete Form.',
  unreachable: 'PayPal ist nicht erreichbar; die Nachricht kann nicht geprüft werden.',
} as const;

const m = PAYPAL_WEBHOOK_MESSAGES;

// Anyone can post to the webhook: what an unverified post makes the server say is said once a minute.
const logMalformed = atMostEveryMinute('warn', 'malformed PayPal webhook refused');
const logUnverifiable = atMostEveryMinute('error', 'could not verify a PayPal webhook');
const logUnverified = atMostEveryMinute('warn', 'PayPal webhook refused: not verified');

const Link = v.object({ href: v.string(), rel: v.string() });

const EventSchema = v.object({
  id: v.string(),
  event_type: v.string(),
  resource: v.object({
    /** An order's, capture's or refund's id; a dispute has `dispute_id` instead. */
    id: v.optional(v.string()),
    dispute_id: v.optional(v.string()),
    status: v.optional(v.string()),
    links: v.optional(v.array(Link), []),
    supplementary_data: v.optional(
      v.object({ related_ids: v.optional(v.object({ order_id: v.optional(v.string()) })) }),
    ),
  }),
});

/** The headers PayPal names the transmission with; all of them are needed to verify it. */
export function transmissionOf(header: (name: string) => string | undefined): WebhookTransmission | undefined {
  const transmission = {
    authAlgo: header('PAYPAL-AUTH-ALGO'),
    certUrl: header('PAYPAL-CERT-URL'),
    transmissionId: header('PAYPAL-TRANSMISSION-ID'),
    transmissionSig: header('PAYPAL-TRANSMISSION-SIG'),
    transmissionTime: header('PAYPAL-TRANSMISSION-TIME'),
  };
  const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = transmission;
  return authAlgo && certUrl && transmissionId && transmissionSig && transmissionTime
    ? { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime }
    : undefined;
}

/** A refund's capture: the `up` link of the refund names it. */
const captureOfRefund = (links: { href: string; rel: string }[]) =>
  links.find((link) => link.rel === 'up')?.href.match(/\/captures\/([^/?#]+)/)?.[1];

export async function handlePayPalWebhook(
  deps: ApiDependencies,
  providers: PaymentProviders,
  rawBody: string,
  transmission: WebhookTransmission | undefined,
): Promise<void> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    parsed = undefined;
  }
  const event = v.safeParse(EventSchema, parsed);
  if (!transmission || !event.success) {
    logMalformed({ issue: event.issues?.[0]?.message });
    throw new ApiError(400, m.malformed);
  }
  let verified: boolean;
  try {
    verified = await providers.paypal.verifyWebhook(transmission, rawBody, providers.config.paypal.webhookId);
  } catch (error) {
    logUnverifiable({ err: error });
    throw new ApiError(502, m.unreachable);
  }
  if (!verified) {
    logUnverified({ eventId: event.output.id });
    throw new ApiError(400, m.unverified);
  }
  const { event_type: type, resource } = event.output;
  try {
    await handleEvent(deps, providers, type, resource);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // PayPal sends the event again later; the reconciliation would find it too.
    log.error({ eventId: event.output.id, err: error }, 'could not handle a PayPal webhook');
    throw new ApiError(502, m.unreachable);
  }
}

async function handleEvent(
  deps: ApiDependencies,
  providers: PaymentProviders,
  type: string,
  resource: v.InferOutput<typeof EventSchema>['resource'],
) {
  switch (type) {
    case 'CHECKOUT.ORDER.APPROVED':
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED': {
      const orderId =
        type === 'CHECKOUT.ORDER.APPROVED' ? resource.id : resource.supplementary_data?.related_ids?.order_id;
      if (!orderId) return;
      const verdict = await askProvider(providers, 'paypal', orderId);
      if (verdict.state === 'approved') await captureForPayer(deps, providers, orderId);
      else await applyVerdict(deps, providers, verdict);
      return;
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const captureId = captureOfRefund(resource.links);
      if (!captureId || !resource.id) return;
      const refund = await providers.paypal.getRefund(resource.id);
      await applyProviderRefund(deps, {
        provider: 'paypal',
        paymentId: captureId,
        providerRefundId: refund.id,
        amountCents: refund.amount ? centsOf(refund.amount.value) : undefined,
        status: refundStatusOf(refund.status),
      });
      return;
    }
    case 'PAYMENT.CAPTURE.REVERSED': {
      const captureId = captureOfRefund(resource.links);
      if (captureId) await recordChargeback(deps, 'paypal', captureId);
      return;
    }
    case 'CUSTOMER.DISPUTE.CREATED':
    case 'CUSTOMER.DISPUTE.UPDATED':
    case 'CUSTOMER.DISPUTE.RESOLVED': {
      if (!resource.dispute_id) return;
      const report = paypalDisputeReport(await providers.paypal.getDispute(resource.dispute_id));
      if (report) await applyProviderDispute(deps, report);
      return;
    }
  }
}
