/**
 * The one HTTP client of the browser code (ky): the API base, a 10 s timeout, a header naming
 * this client, and the bearer token of the auth store. No automatic retries: a form submit must
 * not be sent twice behind the user's back.
 */
import ky from 'ky';
import { $accessToken } from '../stores/accounts.ts';

export const API_TIMEOUT_MS = 10_000;

/** Identifies requests of this web client to the API (and in its logs). */
export const CLIENT_HEADER = 'X-HWDS-Client';
export const CLIENT_NAME = 'web';

export const api = ky.create({
  prefix: import.meta.env.PUBLIC_API_BASE,
  timeout: API_TIMEOUT_MS,
  retry: 0,
  headers: { [CLIENT_HEADER]: CLIENT_NAME },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = $accessToken.get();
        if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});
