/**
 * Accounts: registration with e-mail confirmation, login sessions with rotating refresh tokens and
 * logout (docs/product.md#d14-account-security, #h3-token-lifetimes); the password reset by e-mail
 * is ./password-reset.ts.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Login, Registration } from '../../../lib/accounts.ts';
import type { ApiDependencies, AuthenticatedUser } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Database, oneTimeTokens, retiredRefreshTokens, sessions, userRoles, users } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { confirmationMail } from './accounts.mails.ts';
import type { CurrentUserView, RoleName, TokenPair } from './accounts.views.ts';
import { issueOneTimeToken, redeemOneTimeToken } from './one-time-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, randomToken } from './secrets.ts';

export const ACCOUNT_API_MESSAGES = {
  registered:
    'Registrierung erfolgreich. Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem Link, den wir Ihnen geschickt haben.',
  userExists: 'Ein Konto mit dieser E-Mail-Adresse existiert bereits.',
  confirmed: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.',
  confirmInvalid: 'Der Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet.',
  loginFailed: 'E-Mail-Adresse oder Passwort ist falsch.',
  notConfirmed: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Wir haben Ihnen dafür einen neuen Link geschickt.',
  sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  resetMailSent:
    'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt.',
  passwordChanged: 'Passwort wurde erfolgreich geändert.',
  resetInvalid: 'Der Link zum Zurücksetzen ist ungültig, abgelaufen oder wurde bereits verwendet.',
} as const;

const m = ACCOUNT_API_MESSAGES;

const HOUR = 60 * 60 * 1000;
const CONFIRMATION_TTL_MS = 48 * HOUR;
const SESSION_TTL_MS = 14 * 24 * HOUR;
/**
 * A refused login of an unconfirmed account sends a fresh confirmation mail, at most one a minute
 * and at most 3 a day with the registration's: whoever registered a stranger's address cannot
 * mail them by logging in (docs/product.md#d14-account-security).
 */
const CONFIRMATION_RESEND_MS = 60 * 1000;
const CONFIRMATION_MAILS_PER_DAY = 3;
const DAY = 24 * HOUR;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const emailMatches = (email: string) => sql`lower(${users.email}) = ${normaliseEmail(email)}`;

export const currentUserView = (user: AuthenticatedUser): CurrentUserView => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  tel: user.phone,
  roles: user.roles.map((name) => ({ name })),
});

interface MailRecipient {
  id: number;
  email: string;
  firstName: string;
}

/** A fresh confirmation link, queued as mail in the caller's transaction. */
async function queueConfirmation(tx: Database, siteUrl: string, user: MailRecipient): Promise<void> {
  const code = await issueOneTimeToken(tx, user.id, 'confirm_email', CONFIRMATION_TTL_MS);
  await enqueueMail(tx, confirmationMail(user.email, user.firstName, `${siteUrl}/auth/confirm?code=${code}`));
}

type AccountOptions = { roles: RoleName[]; confirmed: boolean };

async function insertAccount(
  tx: Database,
  input: Registration,
  passwordHash: string,
  options: AccountOptions,
): Promise<MailRecipient> {
  const [created] = await tx
    .insert(users)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.userEmail,
      phone: input.phoneNumber,
      passwordHash,
      emailConfirmedAt: options.confirmed ? new Date() : null,
    })
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  if (!created) throw new Error('insert returned no user');
  await tx.insert(userRoles).values(options.roles.map((name) => ({ userId: created.id, name })));
  return created;
}

/** Stores a new account with its roles; the e-mail is confirmed already for accounts an admin makes. */
export async function createAccount(
  db: Database,
  input: Registration,
  options: AccountOptions,
): Promise<MailRecipient> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction((tx) => insertAccount(tx, input, passwordHash, options));
}

/** A new customer account and its confirmation mail, stored together: the mail cannot get lost. */
export async function register(deps: ApiDependencies, input: Registration): Promise<{ id: number }> {
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(emailMatches(input.userEmail));
  if (existing) throw new ApiError(409, m.userExists);
  const passwordHash = await hashPassword(input.password);
  let user: MailRecipient;
  try {
    user = await deps.db.transaction(async (tx) => {
      const created = await insertAccount(tx, input, passwordHash, { roles: ['ROLE_USER'], confirmed: false });
      await queueConfirmation(tx, deps.siteUrl, created);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, m.userExists); // registered concurrently
    throw error;
  }
  deps.mailSender.wake();
  return { id: user.id };
}

export async function confirmEmail(db: Database, code: string): Promise<void> {
  const userId = await redeemOneTimeToken(db, code, 'confirm_email');
  if (userId === null) throw new ApiError(400, m.confirmInvalid);
  await db
    .update(users)
    .set({ emailConfirmedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
}

/** The user's roles as the database has them now. */
export async function rolesOf(db: Database, userId: number): Promise<RoleName[]> {
  const rows = await db.select({ name: userRoles.name }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.name);
}

/**
 * A refresh token names its session: `{session id}.{random}`. Only hashes of both are stored, so
 * the refresh hands the session id back to put into the new access token.
 */
const refreshTokenOf = (sessionId: string) => `${sessionId}.${randomToken()}`;

async function startSession(deps: ApiDependencies, userId: number): Promise<TokenPair> {
  const sessionId = randomToken();
  const refreshToken = refreshTokenOf(sessionId);
  await deps.db.insert(sessions).values({
    idHash: hashToken(sessionId),
    userId,
    refreshTokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  const accessToken = await deps.tokens.sign({ userId, sessionId }, await rolesOf(deps.db, userId));
  return { accessToken, refreshToken };
}

export async function login(deps: ApiDependencies, input: Login): Promise<TokenPair> {
  const [user] = await deps.db.select().from(users).where(emailMatches(input.userEmail));
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) throw new ApiError(401, m.loginFailed);
  if (!user.emailConfirmedAt) {
    if (await resendConfirmation(deps, user)) deps.mailSender.wake();
    throw new ApiError(403, m.notConfirmed);
  }
  return startSession(deps, user.id);
}

/** Queues a fresh confirmation mail unless the account had one within a minute, or its 3 of the day. */
function resendConfirmation(deps: ApiDependencies, user: MailRecipient): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // One account's logins one after the other, whatever the replicas: each sees the mails queued before.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const today = await tx
      .select({ createdAt: oneTimeTokens.createdAt })
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, user.id),
          eq(oneTimeTokens.purpose, 'confirm_email'),
          gt(oneTimeTokens.createdAt, new Date(Date.now() - DAY)),
        ),
      )
      .orderBy(desc(oneTimeTokens.createdAt));
    const latest = today[0]?.createdAt.getTime() ?? 0;
    if (today.length >= CONFIRMATION_MAILS_PER_DAY || Date.now() - latest <= CONFIRMATION_RESEND_MS) return false;
    await queueConfirmation(tx, deps.siteUrl, user);
    return true;
  });
}

/**
 * Exchanges a refresh token for a new pair; the old refresh token stops working. An old token that
 * comes back was copied by someone: the whole session ends, for the thief and the owner alike
 * (docs/product.md#h3-token-lifetimes).
 */
export async function refresh(deps: ApiDependencies, refreshToken: string): Promise<TokenPair> {
  const presentedHash = hashToken(refreshToken);
  const session = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ idHash: sessions.idHash, userId: sessions.userId })
      .from(sessions)
      .where(
        and(
          eq(sessions.refreshTokenHash, presentedHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .for('update');
    if (!found) return undefined;
    // A refresh token from before session ids were stored hashed names none: the session gets a new
    // id (its retired tokens follow, ON UPDATE CASCADE), so it goes on under that one.
    const named = refreshToken.split('.')[0] ?? '';
    const sessionId = hashToken(named) === found.idHash ? named : randomToken();
    const nextRefreshToken = refreshTokenOf(sessionId);
    await tx
      .update(sessions)
      .set({ idHash: hashToken(sessionId), refreshTokenHash: hashToken(nextRefreshToken) })
      .where(eq(sessions.idHash, found.idHash));
    await tx.insert(retiredRefreshTokens).values({ tokenHash: presentedHash, sessionIdHash: hashToken(sessionId) });
    return { userId: found.userId, sessionId, nextRefreshToken };
  });
  if (!session) {
    await endSessionOfReusedToken(deps.db, presentedHash);
    throw new ApiError(401, m.sessionExpired);
  }
  const accessToken = await deps.tokens.sign(
    { userId: session.userId, sessionId: session.sessionId },
    await rolesOf(deps.db, session.userId),
  );
  return { accessToken, refreshToken: session.nextRefreshToken };
}

async function endSessionOfReusedToken(db: Database, tokenHash: string): Promise<void> {
  const [retired] = await db
    .select({ sessionIdHash: retiredRefreshTokens.sessionIdHash })
    .from(retiredRefreshTokens)
    .where(eq(retiredRefreshTokens.tokenHash, tokenHash));
  if (retired) await endSession(db, retired.sessionIdHash);
}

async function endSession(db: Database, idHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt)));
}

export const logout = (db: Database, sessionId: string): Promise<void> => endSession(db, hashToken(sessionId));

/** The user behind a verified access token, if the session is still live. */
export async function authenticatedUser(
  db: Database,
  userId: number,
  sessionId: string,
): Promise<AuthenticatedUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, hashToken(sessionId)),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  if (!row) return null;
  return { ...row, sessionId, roles: await rolesOf(db, userId) };
}
