import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { accessTokenKeys } from '../../src/server/features/accounts/access-tokens.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/server/features/accounts/rate-limits.ts';
import { imageStore } from '../../src/server/features/images/image-store.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { confirmationMail } from '../../src/server/mail/templates.ts';

interface Delivery {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let smtpUrl: string;
const deliveries: Delivery[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        deliveries.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail over SMTP (SMTP_URL set)', () => {
  it('delivers a German mail with text and HTML to a real SMTP server', async () => {
    const mailer = createMailer({ from: 'HWDS <no-reply@hwds-agentur.de>', smtpUrl, outboxDir: '/nonexistent' });
    await mailer.send(
      confirmationMail('kundin@example.de', 'Jürgen', 'https://www.hwds-agentur.de/auth/confirm?code=abc'),
    );
    const delivery = deliveries.at(-1);
    expect(delivery?.from).toBe('no-reply@hwds-agentur.de');
    expect(delivery?.to).toEqual(['kundin@example.de']);
    expect(delivery?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(delivery?.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(delivery?.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(delivery?.raw).toContain('code=3Dabc'); // quoted-printable "="
  });

  it('is what the API uses at registration', async () => {
    const database = await openDatabase({ kind: 'memory' });
    const app = createApp({
      db: database.db,
      mailer: createMailer({ from: 'HWDS <no-reply@hwds-agentur.de>', smtpUrl, outboxDir: '/nonexistent' }),
      images: imageStore(mkdtempSync(path.join(tmpdir(), 'hwds-uploads-'))),
      tokens: accessTokenKeys('a-secret-for-this-test-of-32-characters'),
      siteUrl: 'https://www.hwds-agentur.de',
      publicApiBase: '/api',
      rateLimits: DEFAULT_RATE_LIMITS,
    });
    const response = await app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Eva',
        lastName: 'Smtp',
        phoneNumber: '0611987654',
        userEmail: 'eva@example.de',
        password: 'Sommer-2026!A',
      }),
    });
    expect(response.status).toBe(201);
    await expect.poll(() => deliveries.some((d) => d.to.includes('eva@example.de'))).toBe(true);
    const raw = deliveries.find((d) => d.to.includes('eva@example.de'))?.raw ?? '';
    expect(raw.replace(/=\r?\n/g, '')).toMatch(/https:\/\/www\.hwds-agentur\.de\/auth\/confirm\?code=3D[\w-]{43}/);
    await database.close();
  });
});

describe('mail to the outbox (SMTP_URL unset)', () => {
  it('writes each mail as one .eml file, in sending order', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'hwds-outbox-'));
    const mailer = createMailer({ from: 'HWDS <no-reply@hwds-agentur.de>', outboxDir });
    await mailer.send(confirmationMail('erste@example.de', 'Erste', 'http://localhost:4321/auth/confirm?code=1'));
    await mailer.send(confirmationMail('zweite@example.de', 'Zweite', 'http://localhost:4321/auth/confirm?code=2'));
    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const first = readFileSync(path.join(outboxDir, files[0] as string), 'utf8');
    expect(first).toMatch(/^To: erste@example\.de$/m);
    expect(first).toMatch(/^From: HWDS <no-reply@hwds-agentur\.de>$/m);
    expect(first).toMatch(/^Subject: =\?UTF-8\?Q\?Bitte_best=C3=A4tigen/m);
    expect(first).toContain('Hallo Erste,');
  });
});
