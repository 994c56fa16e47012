/**
 * The accounts' tables: users and their roles, sessions, one-time tokens and reset requests.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, oneOf } from '../../db/columns.ts';
import { ROLE_NAMES, type RoleName } from './accounts.views.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: belongsTo('user_id', () => users.id),
    name: text('name').$type<RoleName>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.name] }),
    check('user_roles_name_known', oneOf(table.name, ROLE_NAMES)),
  ],
);

/**
 * A login: access tokens name it (claim `sid`) and die with it; the refresh token rotates. Only the
 * SHA-256 of the session id is stored, as of every token (docs/product.md#h3-token-lifetimes).
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Refresh tokens a session has rotated away from. One coming back means it was copied: the
 * session (the token family) ends (docs/product.md#h3-token-lifetimes).
 */
export const retiredRefreshTokens = pgTable('retired_refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionIdHash: text('session_id_hash')
    .notNull()
    .references(() => sessions.idHash, { onDelete: 'cascade', onUpdate: 'cascade' }),
  retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
});

const ONE_TIME_TOKEN_PURPOSES = ['confirm_email', 'reset_password'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** E-mail confirmation codes and password reset tokens: stored hashed, expiring, single use. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('one_time_tokens_user_idx').on(table.userId, table.purpose),
    check('one_time_tokens_purpose_known', oneOf(table.purpose, ONE_TIME_TOKEN_PURPOSES)),
  ],
);

/**
 * Asks for a password reset link, as typed, known address or not: the answer only queues the
 * request, so it takes the same time for every address; the mail sender turns known ones into a
 * link and a mail (docs/product.md#d14-account-security).
 */
export const passwordResetRequests = pgTable('password_reset_requests', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  createdAt: createdAt(),
});
