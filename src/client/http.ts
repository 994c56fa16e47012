/**
 * The one HTTP client of the browser code (ky): the API base, a 10 s timeout, a header naming
 * this client, and the bearer token of the auth store. No automatic retries: a form submit must
 * not be sent twice behind the user's back. A guarded route that refuses the stored token ends
 * the session in this browser, so header and gates follow at once.
 */
import ky from 'ky';
import { $accessToken } from '../stores/accounts.ts';
import { endRefusedSession } from '../stores/session-ended.ts';

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
    afterResponse: [
      ({ request, response }) => {
        // The guards' 401 carries a Bearer challenge (RFC 6750); a wrong password at login does not.
        const token = $accessToken.get();
        const refused = response.status === 401 && response.headers.has('WWW-Authenticate');
        if (refused && token && request.headers.get('Authorization') === `Bearer ${token}`) endRefusedSession();
      },
    ],
  },
});
