/**
 * The accounts' contract (docs/product.md#d26-code-layout): what the /auth and /users routes
 * answer, as valibot schemas for the API reference and types for the server and the browser.
 * The forms' input rules are in src/lib/accounts.ts, which the browser runs too.
 */
import * as v from 'valibot';

export const ROLE_NAMES = ['ROLE_USER', 'ROLE_ADMIN'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const TokenPairSchema = v.object({
  /** Bearer token for 24 hours. */
  accessToken: v.string(),
  /** Exchanged at POST /auth/refresh for a new pair; lives as long as the session. */
  refreshToken: v.string(),
});
export type TokenPair = v.InferOutput<typeof TokenPairSchema>;

/** An answer that only carries a German message for the person (confirm, forgot, reset). */
export const MessageViewSchema = v.object({ message: v.string() });
export type MessageView = v.InferOutput<typeof MessageViewSchema>;

/** `POST /auth/register`. */
export const RegistrationViewSchema = v.object({ id: v.number(), message: v.string() });
export type RegistrationView = v.InferOutput<typeof RegistrationViewSchema>;

/** `GET /users/me`: the caller, in the field names the earlier client reads. */
export const CurrentUserViewSchema = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  tel: v.string(),
  roles: v.array(v.object({ name: v.picklist(ROLE_NAMES) })),
});
export type CurrentUserView = v.InferOutput<typeof CurrentUserViewSchema>;
