/**
 * Mail: delivered over SMTP or written to the outbox, and queued in the database with the change
 * that causes it, so that a mail server that is down, a second replica or a killed process
 * neither loses nor doubles a mail.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { mailQueue } from '../../src/server/db/schema.ts';
import { confirmationMail } from '../../src/server/features/accounts/accounts.mails.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { enqueueMail, startMailSender } from '../../src/server/mail/queue.ts';
import { mailFiles } from '../support/outbox.ts';
import { embeddedEnv, freePort, startApiServer } from '../support/processes.ts';
import { deliveredTo, smtpServer } from '../support/smtp-capture.ts';
import { createPostgresDatabase, createTestApi, openTestDatabase, STRONG_PASSWORD } from './support/test-api.ts';

let smtp: Awaited<ReturnType<typeof smtpServer>>;

beforeAll(async () => {
  smtp = await smtpServer();
});

afterAll(async () => {
  await smtp.close();
});

describe('mail over SMTP (SMTP_URL set)', () => {
  it('delivers a German mail with text and HTML to a real SMTP server', async () => {
    const mailer = createMailer({
      from: 'HWDS <no-reply@hwds-agentur.de>',
      smtpUrl: smtp.url,
      outboxDir: '/nonexistent',
    });
    await mailer.send(
      confirmationMail('kundin@example.de', 'Jürgen', 'https://www.hwds-agentur.de/auth/confirm?code=abc'),
    );
    const delivery = smtp.deliveries.at(-1);
    expect(delivery?.from).toBe('no-reply@hwds-agentur.de');
    expect(delivery?.to).toEqual(['kundin@example.de']);
    expect(delivery?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(delivery?.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(delivery?.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(delivery?.raw).toContain('code=3Dabc'); // quoted-printable "="
  });

  it('is what the API uses at registration', async () => {
    const api = await createTestApi({ smtpUrl: smtp.url });
    const registered = await api.request('POST', '/auth/register', {
      body: {
        firstName: 'Eva',
        lastName: 'Smtp',
        phoneNumber: '0611987654',
        userEmail: 'eva@example.de',
        password: STRONG_PASSWORD,
      },
    });
    expect(registered.status).toBe(201);
    await expect.poll(() => deliveredTo(smtp.deliveries, 'eva@example.de').length).toBe(1);
    const raw = deliveredTo(smtp.deliveries, 'eva@example.de')[0]?.raw ?? '';
    expect(raw.replace(/=\r?\n/g, '')).toMatch(/http:\/\/localhost:4321\/auth\/confirm\?code=3D[\w-]{43}/);
    await api.close();
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

describe('the mail queue', () => {
  const mail = (n: number) => confirmationMail(`empfaenger${n}@example.de`, `Nr${n}`, `http://localhost/x?code=${n}`);

  it('keeps mail while the mail server is down and delivers each once when it is back', async () => {
    const database = await openTestDatabase();
    const port = await freePort();
    const mailer = createMailer({
      from: 'HWDS <no-reply@hwds-agentur.de>',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: '/x',
    });
    const sender = startMailSender(database.db, mailer, { pollMs: 50, retryDelayMs: () => 100 });
    for (let n = 1; n <= 3; n++) await enqueueMail(database.db, mail(n));
    sender.wake();
    await expect
      .poll(async () => (await database.db.select().from(mailQueue)).every((row) => row.attempts >= 2))
      .toBe(true);
    expect((await database.db.select().from(mailQueue)).map((row) => row.sentAt)).toEqual([null, null, null]);

    const back = await smtpServer(port);
    await expect.poll(() => back.deliveries.length, { timeout: 5000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a doubled mail would arrive in this time
    expect(back.deliveries.map((d) => d.to[0]).sort()).toEqual([
      'empfaenger1@example.de',
      'empfaenger2@example.de',
      'empfaenger3@example.de',
    ]);
    expect((await database.db.select().from(mailQueue)).every((row) => row.sentAt !== null)).toBe(true);
    await sender.stop();
    await back.close();
    await database.close();
  });

  it('sends each mail once when several senders (replicas) share the queue', async () => {
    const database = await openTestDatabase();
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'hwds-outbox-'));
    const mailer = createMailer({ from: 'HWDS <no-reply@hwds-agentur.de>', outboxDir });
    for (let n = 1; n <= 40; n++) await enqueueMail(database.db, mail(n));
    const senders = Array.from({ length: 4 }, () => startMailSender(database.db, mailer, { pollMs: 20, batchSize: 3 }));
    await expect.poll(() => mailFiles(outboxDir).length, { timeout: 10_000 }).toBe(40);
    await Promise.all(senders.map((sender) => sender.stop()));
    expect(readdirSync(outboxDir)).toHaveLength(40);
    expect((await database.db.select().from(mailQueue)).filter((row) => row.attempts !== 1)).toEqual([]);
    await database.close();
  });

  it('loses nothing when the server is killed after the registration committed and before the mail went out', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hwds-kill-'));
    const smtpPort = await freePort();
    const env = embeddedEnv(dataDir, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    // On the PostgreSQL pass the queue is there: the embedded database's case ran in the first pass.
    const database = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : undefined;
    if (database) env.DATABASE_URL = database.url;
    const first = await startApiServer(env);
    const registered = await fetch(`${first.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Kurt',
        lastName: 'Abbruch',
        phoneNumber: '0611555555',
        userEmail: 'kurt@example.de',
        password: STRONG_PASSWORD,
      }),
    });
    expect(registered.status).toBe(201);
    if (database) {
      // A sender killed while it holds the mail keeps it for its lease (90 s) on PostgreSQL, where
      // other replicas may be sending: the kill waits for the refused attempt, so this is about the queue.
      const handle = await openDatabase({ kind: 'postgres', url: database.url });
      await expect
        .poll(
          async () => (await handle.db.select().from(mailQueue)).filter((row) => row.attempts > 0 && !row.claimedUntil),
          { timeout: 10_000 },
        )
        .toHaveLength(1);
      await handle.close();
    }
    first.process.kill('SIGKILL'); // the mail server was down: the mail is only in the queue
    await new Promise((resolve) => first.process.once('exit', resolve));

    const back = await smtpServer(smtpPort);
    const second = await startApiServer(env);
    await expect.poll(() => deliveredTo(back.deliveries, 'kurt@example.de').length, { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(deliveredTo(back.deliveries, 'kurt@example.de')).toHaveLength(1);
    await second.stop();
    await back.close();
    await database?.drop();
  });
});
