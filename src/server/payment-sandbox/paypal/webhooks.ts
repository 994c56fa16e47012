/**
 * PayPal's webhooks as the emulator sends them: events in PayPal's shape with the transmission
 * headers PayPal sets, and the check behind `POST /v1/notifications/verify-webhook-signature`, the
 * way PayPal asks its merchants to verify an event (docs/product.md#d21-paypal). PayPal signs with
 * its certificate's private key over `transmission id|time|webhook id|CRC32 of the body`; the
 * emulator signs the same text with an HMAC, since only it verifies.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { randomString } from '../sandbox-ids.ts';
import { deliverWithRetries, inBackground, type RetryTiming } from '../webhook-delivery.ts';

export type PayPalEventType = 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED' | 'PAYMENT.CAPTURE.REFUNDED';

const SUMMARIES: Record<PayPalEventType, string> = {
  'PAYMENT.CAPTURE.COMPLETED': 'Payment completed for EUR',
  'PAYMENT.CAPTURE.DENIED': 'A payment capture was denied',
  'PAYMENT.CAPTURE.REFUNDED': 'A EUR capture payment was refunded',
};

export interface PayPalEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'capture' | 'refund';
  resource_version: '2.0';
  event_type: PayPalEventType;
  summary: string;
  resource: object;
  links: { href: string; rel: string; method: string }[];
}

const AUTH_ALGO = 'SHA256withRSA';

export interface PayPalWebhookOptions {
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
  const event = (type: PayPalEventType, resource: object): PayPalEvent => {
    const id = `WH-${randomString(17, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')}-${randomString(17, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')}`;
    return {
      id,
      event_version: '1.0',
      create_time: options.now().toISOString(),
      resource_type: type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'capture',
      resource_version: '2.0',
      event_type: type,
      summary: SUMMARIES[type],
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

  return {
    /** Sends the event in the background; resolves at once. */
    send(type: PayPalEventType, resource: object): void {
      const body = JSON.stringify(event(type, resource));
      inBackground(0, () => deliverWithRetries(() => transmit(body), options.timing, `PayPal event ${type}`));
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
