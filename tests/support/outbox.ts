/** The mails the server wrote to its outbox (one .eml file per mail, SMTP_URL unset), as a recipient reads them. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEml, type ReceivedMail } from './eml.ts';

/** Mails in `outboxDir` to `address`, oldest first. */
export function mailsIn(outboxDir: string, address: string): ReceivedMail[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .sort()
    .map((file) => parseEml(readFileSync(path.join(outboxDir, file), 'utf8')))
    .filter((mail) => mail.to.includes(address));
}

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
