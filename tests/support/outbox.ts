/** The mails the server wrote to its outbox (one .eml file per mail, SMTP_URL unset), as a recipient reads them. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEml, type ReceivedMail } from './eml.ts';

/** The mails' files in `outboxDir`, oldest first (not one still being written: `.eml.part`). */
export const mailFiles = (outboxDir: string): string[] =>
  existsSync(outboxDir)
    ? readdirSync(outboxDir)
        .filter((file) => file.endsWith('.eml'))
        .sort()
        .map((file) => path.join(outboxDir, file))
    : [];

/** Every mail in `outboxDir`, oldest first. */
export const allMailsIn = (outboxDir: string): ReceivedMail[] =>
  mailFiles(outboxDir).map((file) => parseEml(readFileSync(file, 'utf8')));

/** Mails in `outboxDir` to `address`, oldest first. */
export const mailsIn = (outboxDir: string, address: string): ReceivedMail[] =>
  allMailsIn(outboxDir).filter((mail) => mail.to.includes(address));

/** The first link in a mail whose path starts with `pathPrefix`, e.g. "/auth/confirm". */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => {
    try {
      return new URL(word).pathname.startsWith(pathPrefix);
    } catch {
      return false;
    }
  });
  if (!link) throw new Error(`no ${pathPrefix} link in "${mail.subject}"`);
  return link;
}
