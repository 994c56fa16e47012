/**
 * The HTTP client of the browser code (ky): the API base, a 10 s timeout, a header naming this
 * client, and the session's bearer token (./session.ts). No automatic retries: a form submit must
 * not be sent twice behind the user's back. A guarded route that refuses the stored token ends the
 * session in this browser, so header and gates follow at once.
 *
 * ky loads with the first call that sends a body, not with the page (docs/product.md#h11-speed): a
 * call without one (a read, the order page's confirmation) goes by the browser's fetch with the
 * same base, timeout, headers, session and errors, so an account page that only reads at its
 * start loads no ky (8.6 KB) in its first seconds, and a form that sends only when submitted
 * starts without it. A call names its route as
 * the API reference does:
 * `await call('DELETE cart/clear')` for the response, `call('GET cart').json()` for its body as the
 * module's routes declare it; an error status rejects with ky's HTTPError.
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer of a route whose body the client does not read: none (204), or a file it saves. */
export type NoBody = undefined;

/** A declared route as it is called, each `{name}` filled in: `PATCH cart/entries/${string}`. */
type Filled<Route extends string> = Route extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Filled<Tail>}`
  : Route;

/** The declared route of a called one. */
type Declared<Routes, Called extends string> = {
  [Route in keyof Routes & `${Method} ${string}`]: Called extends Filled<Route> ? Route : never;
}[keyof Routes & `${Method} ${string}`];

/** A call's answer: the response, or with `.json()` its body. */
export type ApiCall<Answer> = Promise<Response> & { json(): Promise<Answer> };

/** A call of one of `Routes`, its parameters filled in: `PATCH cart/entries/12`. */
export type CallOf<Routes> = Filled<keyof Routes & `${Method} ${string}`>;

/** Calls of one of `Routes`, typed by its answer: `call(\`PATCH cart/entries/${id}\`, { json })`. */
export type Caller<Routes> = <Called extends CallOf<Routes>>(
  route: Called,
  options?: Options,
) => ApiCall<Routes[Declared<Routes, Called>]>;

/** `PATCH cart/entries/12` → its method and path, `['PATCH', 'cart/entries/12']`. */
export function requestOf(route: string): [method: string, path: string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space), route.slice(space + 1)];
}

/** What a call without a body may say beyond its route; anything else goes through ky. */
type PlainOptions = Pick<RequestInit, 'cache' | 'keepalive'> & {
  searchParams?: Record<string, string>;
  headers?: Record<string, string>;
};
const PLAIN_OPTIONS = ['cache', 'keepalive', 'searchParams', 'headers'];

const isPlain = (options: Options | undefined): options is PlainOptions | undefined =>
  Object.keys(options ?? {}).every((key) => PLAIN_OPTIONS.includes(key));

/** An error status, as ky's HTTPError has it (./failures.ts tells errors apart by their names). */
class CallError extends Error {
  override name = 'HTTPError';
  readonly response: Response;
  /** The body: parsed JSON, or text. */
  readonly data: unknown;

  constructor(response: Response, data: unknown) {
    super(String(response.status));
    this.response = response;
    this.data = data;
  }
}

/** A call of `path` below `base` without a body, by fetch, as ky would send and answer it. */
async function plainCall(
  base: string,
  timeoutMs: number,
  method: string,
  path: string,
  options: PlainOptions = {},
): Promise<Response> {
  const { token, refused } = await session;
  const bearer = token();
  const headers: Record<string, string> = {
    [CLIENT_HEADER]: CLIENT_NAME,
    ...(bearer && { Authorization: `Bearer ${bearer}` }),
    ...options.headers,
  };
  const query = options.searchParams ? `?${new URLSearchParams(options.searchParams)}` : '';
  let response: Response;
  try {
    response = await fetch(`${base}/${path}${query}`, {
      method,
      headers,
      cache: options.cache,
      keepalive: options.keepalive,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') throw error;
    throw Object.assign(new Error(`${method} ${path}`, { cause: error }), { name: 'NetworkError' });
  }
  if (response.ok) return response;
  // A refusal of the stored token ends the session; one of a token the call named itself (the
  // logout's, sent after the store forgot it) is no news.
  const refusal = response.status === 401 && response.headers.has('WWW-Authenticate');
  if (refusal && token() && headers.Authorization === `Bearer ${token()}`) refused();
  const text = await response.text().catch(() => '');
  const json = response.headers.get('Content-Type')?.includes('json');
  throw new CallError(response, json && text ? JSON.parse(text) : text || undefined);
}

/**
 * Calls through the ky instance `load` gives, which it is asked for with each call that sends a
 * body; calls without one go by fetch, below `plain.base` within `plain.timeoutMs`.
 */
export const callsOn =
  (
    load: () => Promise<KyInstance>,
    plain = { base: import.meta.env.PUBLIC_API_BASE as string, timeoutMs: API_TIMEOUT_MS },
  ) =>
  (route: string, options?: Options): ApiCall<unknown> => {
    const [method, path] = requestOf(route);
    const response = isPlain(options)
      ? plainCall(plain.base, plain.timeoutMs, method, path, options)
      : load().then((ky) => ky(path, { ...options, method }));
    return Object.assign(response, { json: () => response.then((body) => body.json()) });
  };

const call = callsOn(loadApiClient);

/**
 * A module's calls, of its routes only. Each module declares the routes it calls as an interface,
 * `<Feature>Routes`, as the API reference lists them (`'PATCH cart/entries/{id}'`: the method,
 * the path below the API base, `{name}` for a parameter), each with the JSON answer it reads
 * (`NoBody`: none); tests/api/client-calls.test.ts finds each in the API's OpenAPI document,
 * answering what the module expects. At run time a call is its route's text, as ever.
 */
export const callerFor = <Routes>(): Caller<Routes> => call as Caller<Routes>;
