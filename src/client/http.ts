/**
 * The one HTTP client of the browser code (ky): the API base, a 10 s timeout, a header naming
 * this client, and the session's bearer token (./session.ts). No automatic retries: a form submit
 * must not be sent twice behind the user's back. A guarded route that refuses the stored token
 * ends the session in this browser, so header and gates follow at once.
 *
 * ky loads with the first call, not with the page (docs/product.md#h11-speed): a form that sends
 * only when submitted starts without it. Calls read as ky's do: `await api.delete(…)` for the
 * response, `api.get(…).json<T>()` for its body; an error status rejects with ky's HTTPError.
 */
import type { KyInstance, Options } from 'ky';
import { session } from './session.ts';

export const API_TIMEOUT_MS = 10_000;

/** Identifies requests of this web client to the API (and in its logs). */
export const CLIENT_HEADER = 'X-HWDS-Client';
export const CLIENT_NAME = 'web';

let client: Promise<KyInstance> | undefined;

/** The ky instance, loaded and set up on the first call. */
export function loadApiClient(): Promise<KyInstance> {
  // `.then(({ default }) => …)`, so that the bundler keeps only ky's default export.
  client ??= import('ky').then(async ({ default: ky }) => {
    const { token, refused } = await session;
    return ky.create({
      prefix: import.meta.env.PUBLIC_API_BASE,
      timeout: API_TIMEOUT_MS,
      retry: 0,
      headers: { [CLIENT_HEADER]: CLIENT_NAME },
      hooks: {
        beforeRequest: [
          ({ request }) => {
            const bearer = token();
            if (bearer && !request.headers.has('Authorization'))
              request.headers.set('Authorization', `Bearer ${bearer}`);
          },
        ],
        afterResponse: [
          ({ request, response }) => {
            // The guards' 401 carries a Bearer challenge (RFC 6750); a wrong password at login does not.
            const bearer = token();
            const refusal = response.status === 401 && response.headers.has('WWW-Authenticate');
            if (refusal && bearer && request.headers.get('Authorization') === `Bearer ${bearer}`) refused();
          },
        ],
      },
    });
  });
  return client;
}

/** A call's answer: the response, or with `.json<T>()` its body. */
export type ApiCall = Promise<Response> & { json<T>(): Promise<T> };

/** ky's calls on the client `load` gives, which it is asked for with each call. */
export function callsOn(load: () => Promise<KyInstance>) {
  const call =
    (method: 'get' | 'post' | 'put' | 'patch' | 'delete') =>
    (input: string, options?: Options): ApiCall => {
      const response = load().then((ky) => ky[method](input, options));
      return Object.assign(response, { json: <T>() => response.then((answer) => answer.json() as Promise<T>) });
    };
  return { get: call('get'), post: call('post'), put: call('put'), patch: call('patch'), delete: call('delete') };
}

export const api = callsOn(loadApiClient);
