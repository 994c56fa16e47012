/**
 * Sends e-mail with nodemailer: over SMTP when SMTP_URL is set, otherwise each mail is written
 * as one `.eml` file to the outbox folder (a real message a mail client can open).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The invoice whose PDF goes with the mail (docs/product.md#d37-invoices), attached when it is sent. */
  invoiceNumber?: string | undefined;
}

export interface Attachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  send(mail: Mail, attachments?: Attachment[]): Promise<void>;
}

export interface MailerOptions {
  from: string;
  smtpUrl?: string | undefined;
  outboxDir: string;
}

export function createMailer({ from, smtpUrl, outboxDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    // Bounded waits, so a send ends (or fails and is retried) well within the queue's claim.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      send: async ({ invoiceNumber: _, ...mail }, attachments = []) => {
        await transport.sendMail({ from, ...mail, attachments });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let written = 0;
  return {
    send: async ({ invoiceNumber: _, ...mail }, attachments = []) => {
      const { message } = await transport.sendMail({ from, ...mail, attachments });
      mkdirSync(outboxDir, { recursive: true });
      // Time first, then this server's count (two mails in one millisecond), so a listing of the
      // folder is in sending order; the random part keeps replicas' files apart.
      written += 1;
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(written).padStart(9, '0')}-${randomBytes(4).toString('hex')}.eml`,
      );
      // Written under another name and renamed, so whoever reads the folder never opens half a mail.
      writeFileSync(`${file}.part`, message as Buffer);
      renameSync(`${file}.part`, file);
    },
  };
}
