/** The browser's API client and its one mapping of failures to German messages, against a real HTTP server. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Options } from 'ky';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailure, FAILURE_MESSAGES } from '../../src/client/failures.ts';
import { CLIENT_HEADER, callsOn, loadApiClient, requestOf } from '../../src/client/http.ts';
import { tokenFromLocation } from '../../src/islands/accounts/ResetPasswordForm.tsx';
import { $accessToken, $isAuthorized, $sessionEnded, logIn, logOut } from '../../src/stores/accounts.ts';

let server: Server;
let origin: string;
let lastHeaders: IncomingHttpHeaders = {};

beforeAll(async () => {
  server = createServer((request, response) => {
    lastHeaders = request.headers;
    const reply = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, { 'Content-Type': type });
      response.end(body);
    };
    switch (request.url) {
      case '/api/ok':
        return reply(200, '{"fine":true}');
      case '/api/with-message':
        return reply(
          409,
          JSON.stringify({ message: 'Ein Konto mit dieser E-Mail-Adresse existiert bereits.', statusCode: 409 }),
        );
      case '/api/validation':
        return reply(
          400,
          JSON.stringify({
            message: 'Bitte überprüfen Sie Ihre Eingaben.',
            statusCode: 400,
            errors: [{ fieldName: 'userEmail', message: 'Ungültige E-Mail-Adresse' }],
          }),
        );
      case '/api/no-message':
        return reply(500, '');
      case '/api/html':
        return reply(502, '<h1>Bad Gateway</h1>', 'text/html');
      case '/api/slow':
        return; // never answers
      case '/api/guarded':
        // A route guard refusing the token (RFC 6750 challenge), as src/server/http/guards.ts answers.
        response.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' });
        return response.end(JSON.stringify({ message: 'Bitte melden Sie sich an.', statusCode: 401 }));
      case '/api/wrong-password':
        return reply(401, JSON.stringify({ message: 'E-Mail-Adresse oder Passwort ist falsch.', statusCode: 401 }));
      default:
        return reply(404, '{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/**
 * The app's client, pointed at the test server (in the browser its base is PUBLIC_API_BASE): ky for
 * what sends, fetch for plain reads, with the same base and timeout.
 */
const client = (options: Options = {}) => {
  const base = String(options.prefix ?? `${origin}/api`);
  const timeoutMs = typeof options.timeout === 'number' ? options.timeout : 10_000;
  return callsOn(() => loadApiClient().then((ky) => ky.extend({ prefix: base, ...options })), { base, timeoutMs });
};

async function failureOf(request: Promise<unknown>) {
  try {
    await request;
  } catch (error) {
    return error;
  }
  throw new Error('the request did not fail');
}

describe('API client', () => {
  it('names the web client in a header and sends the stored token as bearer', async () => {
    $accessToken.set('token-123');
    await client()('GET ok').json();
    expect(lastHeaders[CLIENT_HEADER.toLowerCase()]).toBe('web');
    expect(lastHeaders.authorization).toBe('Bearer token-123');
    $accessToken.set(undefined);
    await client()('GET ok').json();
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it('ends the session when a guarded route refuses the stored token, and only then', async () => {
    logIn('token-123');
    await failureOf(client()('POST wrong-password').json()); // a login attempt's 401 has no challenge
    expect([$isAuthorized.get(), $sessionEnded.get()]).toEqual([true, false]);
    // Logging out sends the old token itself, after the store forgot it: its refusal is no news.
    logOut();
    await failureOf(client()('POST guarded', { headers: { Authorization: 'Bearer token-123' } }).json());
    expect($sessionEnded.get()).toBe(false);

    logIn('token-123');
    const refused = await failureOf(client()('GET guarded').json());
    expect(describeFailure(refused).status).toBe(401);
    expect([$isAuthorized.get(), $accessToken.get(), $sessionEnded.get()]).toEqual([false, undefined, true]);
    $sessionEnded.set(false);
  });

  it('reads a route’s method and path', () => {
    expect(requestOf('POST editor/releases/2027-01-01T10%3A00%3A00.000Z/restore')).toEqual([
      'POST',
      'editor/releases/2027-01-01T10%3A00%3A00.000Z/restore',
    ]);
  });

  it('uses /api by default with a 10 s timeout', () => {
    expect(import.meta.env.PUBLIC_API_BASE).toBe('/api');
    expect(FAILURE_MESSAGES.timeout).toContain('10 Sekunden');
  });
});

describe('describeFailure', () => {
  // Without a body a call goes by fetch, with one by ky: both answer alike.
  it.each([
    ['GET', undefined],
    ['POST', { json: {} }],
  ] as const)('uses the server’s message and field errors (%s %j)', async (method, options) => {
    expect(describeFailure(await failureOf(client()(`${method} with-message`, options).json()))).toEqual({
      status: 409,
      message: 'Ein Konto mit dieser E-Mail-Adresse existiert bereits.',
      fieldErrors: [],
    });
    expect(describeFailure(await failureOf(client()(`${method} validation`, options).json()))).toEqual({
      status: 400,
      message: 'Bitte überprüfen Sie Ihre Eingaben.',
      fieldErrors: [{ fieldName: 'userEmail', message: 'Ungültige E-Mail-Adresse' }],
    });
  });

  it('falls back to the caller’s text, else "Ein Fehler ist aufgetreten", when the server sent no message', async () => {
    const empty = await failureOf(client()('GET no-message').json());
    expect(describeFailure(empty).message).toBe('Ein Fehler ist aufgetreten');
    expect(describeFailure(empty, { http: 'Fehler beim Senden der E-Mail.' }).message).toBe(
      'Fehler beim Senden der E-Mail.',
    );
    expect(
      describeFailure(await failureOf(client()('GET html').json()), {
        http: 'Fehler beim Zurücksetzen des Passworts.',
      }),
    ).toEqual({
      status: 502,
      message: 'Fehler beim Zurücksetzen des Passworts.',
      fieldErrors: [],
    });
  });

  it('says in German that the server took too long, to a read and to a send', async () => {
    for (const options of [undefined, { json: {} }]) {
      const timeout = await failureOf(client({ timeout: 50 })('POST slow', options).json());
      expect(describeFailure(timeout, { other: 'Unbekannter Fehler.' }).message).toBe(FAILURE_MESSAGES.timeout);
    }
    expect(FAILURE_MESSAGES.timeout).toMatch(/^Zeitüberschreitung/);
  });

  it('reports a missing connection, or the caller’s text for anything else', async () => {
    for (const options of [undefined, { json: {} }]) {
      const unreachable = await failureOf(client({ prefix: 'http://127.0.0.1:9/api' })('POST ok', options).json());
      expect(describeFailure(unreachable).message).toBe(FAILURE_MESSAGES.network);
    }
    const unreachable = await failureOf(client({ prefix: 'http://127.0.0.1:9/api' })('GET ok').json());
    expect(describeFailure(unreachable, { other: 'Unbekannter Fehler.' }).message).toBe('Unbekannter Fehler.');
    expect(describeFailure(new Error('boom')).message).toBe('Ein Fehler ist aufgetreten');
  });
});

describe('reset token in the address', () => {
  it.each([
    [{ pathname: '/reset-password', search: '?token=abc-123' }, 'abc-123'],
    [{ pathname: '/reset-password/abc-123', search: '' }, 'abc-123'],
    [{ pathname: '/reset-password/abc-123/', search: '' }, 'abc-123'],
    [{ pathname: '/reset-password', search: '' }, undefined],
    [{ pathname: '/reset-password', search: '?token=%20' }, undefined],
  ])('%j → %s', (location, token) => {
    expect(tokenFromLocation(location)).toBe(token);
  });
});
