/**
 * PayPal's webhooks as the emulator sends them: events in PayPal's shape with the transmission
 * headers PayPal sets, and the check behind `POST /v1/notifications/verify-webhook-signature`, the
 * way PayPal asks its merchants to verify an event (docs/product.md#d21-paypal). PayPal signs with
 * its certificate's private key over `transmission id|time|webhook id|CRC32 of the body`; the
 * emulator signs the same text with an HMAC, since only it verifies. A test may have an order's
 * events lost, sent twice or out of order (each one after the next).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { randomString } from '../sandbox-ids.ts';
import type { SandboxStore } from '../sandbox-store.ts';
import { backgroundDeliveries, deliverWithRetries, heldEvents, type RetryTiming } from '../webhook-delivery.ts';

export const WEBHOOK_MODES = ['send', 'never', 'twice', 'out-of-order'] as const;
export type WebhookMode = (typeof WEBHOOK_MODES)[number];

export type PayPalEventType =
  | 'CHECKOUT.ORDER.APPROVED'
  | 'PAYMENT.CAPTURE.COMPLETED'
  | 'PAYMENT.CAPTURE.DENIED'
  | 'PAYMENT.CAPTURE.REFUNDED'
  | 'PAYMENT.CAPTURE.REVERSED'
  | 'CUSTOMER.DISPUTE.CREATED'
  | 'CUSTOMER.DISPUTE.RESOLVED';

const EVENTS: Record<PayPalEventType, { summary: string; resourceType: PayPalEvent['resource_type'] }> = {
  'CHECKOUT.ORDER.APPROVED': { summary: 'An order has been approved by buyer', resourceType: 'checkout-order' },
  'PAYMENT.CAPTURE.COMPLETED': { summary: 'Payment completed for EUR', resourceType: 'capture' },
  'PAYMENT.CAPTURE.DENIED': { summary: 'A payment capture was denied', resourceType: 'capture' },
  'PAYMENT.CAPTURE.REFUNDED': { summary: 'A EUR capture payment was refunded', resourceType: 'refund' },
  'PAYMENT.CAPTURE.REVERSED': { summary: 'A EUR capture payment was reversed', resourceType: 'refund' },
  'CUSTOMER.DISPUTE.CREATED': { summary: 'A new dispute opened', resourceType: 'dispute' },
  'CUSTOMER.DISPUTE.RESOLVED': { summary: 'A dispute was resolved', resourceType: 'dispute' },
};

export interface PayPalEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'checkout-order' | 'capture' | 'refund' | 'dispute';
  resource_version: '2.0';
  event_type: PayPalEventType;
  summary: string;
  resource: object;
  links: { href: string; rel: string; method: string }[];
}

const AUTH_ALGO = 'SHA256withRSA';

export interface PayPalWebhookOptions {
  store: SandboxStore;
  /** The id PayPal gives the shop's webhook; the shop verifies each event with it. */
  webhookId: string;
  /** What the emulator signs with. */
  signingSecret: string;
  /** The emulator's base URL (for the certificate's and the event's links). */
  baseUrl: string;
  deliver(body: string, headers: Record<string, string>): Promise<number>;
  now(): Date;
  timing: RetryTiming;
}

export const certUrl = (baseUrl: string) => `${baseUrl}/v1/notifications/certs/CERT-hwds-sandbox`;

/** The emulator's signature of a transmission (PayPal's is RSA over the same text). */
export function signTransmission(
  secret: string,
  transmissionId: string,
  time: string,
  webhookId: string,
  body: string,
) {
  return createHmac('sha256', secret)
    .update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`)
    .digest('base64');
}

export function paypalWebhooks(options: PayPalWebhookOptions) {
  const background = backgroundDeliveries();
  const held = heldEvents(options.store, 'paypal');
  const event = (type: PayPalEventType, resource: object): PayPalEvent => {
    const id = `WH-${randomString(17, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')}-${randomString(17, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')}`;
    return {
      id,
      event_version: '1.0',
      create_time: options.now().toISOString(),
      resource_type: EVENTS[type].resourceType,
      resource_version: '2.0',
      event_type: type,
      summary: EVENTS[type].summary,
      resource,
      links: [
        { href: `${options.baseUrl}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${options.baseUrl}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
  };

  /** One transmission: a fresh id and time, signed. */
  const transmit = (body: string) => {
    const transmissionId = randomUUID();
    const time = options.now().toISOString();
    return options.deliver(body, {
      'Content-Type': 'application/json',
      'PAYPAL-TRANSMISSION-ID': transmissionId,
      'PAYPAL-TRANSMISSION-TIME': time,
      'PAYPAL-TRANSMISSION-SIG': signTransmission(options.signingSecret, transmissionId, time, options.webhookId, body),
      'PAYPAL-CERT-URL': certUrl(options.baseUrl),
      'PAYPAL-AUTH-ALGO': AUTH_ALGO,
    });
  };

  const deliverInTurn = async (bodies: string[]) => {
    for (const body of bodies) await deliverWithRetries(() => transmit(body), options.timing, 'PayPal event');
  };

  return {
    /** Sends an event about the order `thread` in the background, as its mode says; resolves at once. */
    async send(type: PayPalEventType, resource: object, mode: WebhookMode, thread: string): Promise<void> {
      const body = JSON.stringify(event(type, resource));
      if (mode === 'never') return;
      const bodies = mode === 'twice' ? [body, body] : mode === 'out-of-order' ? await held.pass(thread, body) : [body];
      background.start(0, () => deliverInTurn(bodies));
    },

    /** Delivers what was held back out of order, then waits until every delivery has ended. */
    async settle(): Promise<void> {
      await deliverInTurn(await held.release());
      await background.idle();
    },

    /** PayPal's verification of a received event: the same signature over the event as received. */
    verify(request: {
      auth_algo: string;
      cert_url: string;
      transmission_id: string;
      transmission_sig: string;
      transmission_time: string;
      webhook_id: string;
      webhook_event: unknown;
    }): boolean {
      if (request.webhook_id !== options.webhookId || request.auth_algo !== AUTH_ALGO) return false;
      if (request.cert_url !== certUrl(options.baseUrl)) return false;
      const expected = signTransmission(
        options.signingSecret,
        request.transmission_id,
        request.transmission_time,
        request.webhook_id,
        JSON.stringify(request.webhook_event),
      );
      const given = Buffer.from(request.transmission_sig);
      return given.length === Buffer.byteLength(expected) && timingSafeEqual(given, Buffer.from(expected));
    },
  };
}

export type PayPalWebhooks = ReturnType<typeof paypalWebhooks>;
