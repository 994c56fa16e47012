/**
 * Mail that is never lost: a change and the mail it causes are written in one transaction
 * (`enqueueMail`), and a sender delivers queued mail through the mailer (outbox or SMTP), marks
 * it sent, retries failures with growing pauses, and picks up what a stopped process left behind.
 *
 * Several senders (replicas on one PostgreSQL) share the queue: each claims due rows with
 * `FOR UPDATE SKIP LOCKED` and holds them for a while, so no two send the same mail. A process
 * killed between sending and marking would send that one mail again once its claim expires:
 * delivery is at least once, and exactly once unless a process dies in that moment.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Database, mailQueue } from '../db/schema.ts';
import { log } from '../log.ts';
import type { Attachment, Mail, Mailer } from './mailer.ts';

/** Writes a mail to the queue, inside the caller's transaction. */
export async function enqueueMail(db: Database, mail: Mail): Promise<void> {
  await db.insert(mailQueue).values({
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    invoiceNumber: mail.invoiceNumber ?? null,
  });
}

/**
 * Frees the mails a process took before it died. Only for the embedded database, which one
 * process opens at a time: at start no other sender can hold a claim. (On PostgreSQL, claims of
 * a dead replica expire by themselves.)
 */
export async function releaseMailClaims(db: Database): Promise<void> {
  await db.update(mailQueue).set({ claimedUntil: null }).where(isNull(mailQueue.sentAt));
}

export interface MailSender {
  /** Looks for due mail now (call after a transaction that queued some commits). */
  wake(): void;
  /**
   * Finishes the mail under way, hands the rest of its batch back to the queue for another sender
   * (or the next start) and stops (docs/product.md#operations).
   */
  stop(): Promise<void>;
}

/** Work that turns requests waiting in the database into queued mail; done at the start of each round. */
export type MailProducer = (db: Database) => Promise<void>;

export interface MailSenderOptions {
  producers?: MailProducer[];
  /** How often to look for due mail without being woken. */
  pollMs?: number;
  /** How long a sender holds the mails it took; then another may retry them. */
  claimSeconds?: number;
  /** Pause before the n-th retry (n from 1). */
  retryDelayMs?: (attempt: number) => number;
  batchSize?: number;
  /** The PDF of an invoice a mail carries. */
  invoiceAttachment?: (invoiceNumber: string) => Promise<Attachment>;
}

const DEFAULTS: Required<MailSenderOptions> = {
  producers: [],
  invoiceAttachment: (invoiceNumber) => Promise.reject(new Error(`no invoices here to attach ${invoiceNumber}`)),
  pollMs: 5000,
  // Longer than the mailer's longest wait (connect, greeting and a stalled socket).
  claimSeconds: 90,
  // 2 s, 4 s, 8 s … at most an hour: a mail server that is down for a while gets all its mail later.
  retryDelayMs: (attempt) => Math.min(2000 * 2 ** (attempt - 1), 60 * 60 * 1000),
  batchSize: 20,
};

type QueuedMail = typeof mailQueue.$inferSelect;

/** Takes up to `batchSize` due mails for this sender, oldest first. */
async function claimDueMails(db: Database, { claimSeconds, batchSize }: Required<MailSenderOptions>) {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      and(
        isNull(mailQueue.sentAt),
        lte(mailQueue.nextAttemptAt, sql`now()`),
        or(isNull(mailQueue.claimedUntil), lt(mailQueue.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailQueue.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailQueue)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
      attempts: sql`${mailQueue.attempts} + 1`,
    })
    .where(inArray(mailQueue.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** Gives claimed mails that were not tried back to the queue, as if never taken. */
async function handBack(db: Database, mails: QueuedMail[]) {
  if (mails.length === 0) return;
  await db
    .update(mailQueue)
    .set({ claimedUntil: null, attempts: sql`${mailQueue.attempts} - 1` })
    .where(
      inArray(
        mailQueue.id,
        mails.map((mail) => mail.id),
      ),
    );
}

async function deliver(db: Database, mailer: Mailer, mail: QueuedMail, options: Required<MailSenderOptions>) {
  try {
    const attachments = mail.invoiceNumber ? [await options.invoiceAttachment(mail.invoiceNumber)] : [];
    await mailer.send({ to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html }, attachments);
    await db
      .update(mailQueue)
      .set({ sentAt: new Date(), claimedUntil: null, lastError: null })
      .where(eq(mailQueue.id, mail.id));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ mailId: mail.id, attempt: mail.attempts, reason }, 'mail not delivered, will retry');
    await db
      .update(mailQueue)
      .set({
        claimedUntil: null,
        lastError: reason.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + options.retryDelayMs(mail.attempts)),
      })
      .where(eq(mailQueue.id, mail.id));
  }
}

/** Starts sending queued mail in the background. */
export function startMailSender(db: Database, mailer: Mailer, overrides: MailSenderOptions = {}): MailSender {
  const options = { ...DEFAULTS, ...overrides };
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function sendDueMails(): Promise<void> {
    for (const produce of options.producers) {
      // One producer's failure must not hold up the mail that is already queued.
      await produce(db).catch((error: unknown) => log.error({ err: error }, 'mail producer failed'));
    }
    while (!stopped) {
      const claimed = await claimDueMails(db, options);
      if (claimed.length === 0) return;
      for (const [index, mail] of claimed.entries()) {
        if (stopped) return handBack(db, claimed.slice(index));
        await deliver(db, mailer, mail, options);
      }
    }
  }

  /** One round at a time; a wake during a round asks for one more right after it. */
  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      do {
        again = false;
        await sendDueMails().catch((error: unknown) => log.error({ err: error }, 'mail queue round failed'));
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      if (!stopped) timer = setTimeout(run, options.pollMs);
    });
  }

  run();
  return {
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
