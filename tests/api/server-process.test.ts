/**
 * The HTTP server as a process (`npm run start:api`): what only a real socket shows
 * (docs/product.md#h9-hardening, #h10-delivery-and-caching): private data files, the client's
 * address behind proxies, methods no fetch can send, compression, ETags and the request log.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFiles } from '../support/outbox.ts';
import { embeddedEnv, type RunningServer, run, startApiServer } from '../support/processes.ts';

const SECRET_QUERY = 'geheimer-code-123';

let dataDir: string;
let server: RunningServer;
let proxied: RunningServer;
let output: () => string;

const ADMIN = { userEmail: 'chefin@example.de', password: 'Admin-2026!X' };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hwds-server-'));
  await run(
    'src/cli/create-admin.ts',
    ['--email', ADMIN.userEmail, '--password', ADMIN.password],
    embeddedEnv(dataDir),
  );
  server = await startApiServer(embeddedEnv(dataDir));
  let log = '';
  server.process.stdout?.on('data', (chunk) => (log += chunk));
  output = () => log;
  // A second installation behind one trusted proxy hop.
  proxied = await startApiServer(embeddedEnv(mkdtempSync(path.join(tmpdir(), 'hwds-proxied-')), { TRUST_PROXY: '1' }));
});

afterAll(async () => {
  await server?.stop();
  await proxied?.stop();
});

/** A raw request, for methods, headers and paths fetch refuses to send (or would tidy up). */
function rawRequest(base: string, method: string, urlPath: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ hostname, port, path: urlPath, method, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const forgot = (base: string, email: string, forwardedFor?: string) =>
  fetch(`${base}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
    body: JSON.stringify({ userEmail: email }),
  });

describe('the data folder', () => {
  it('is private to the account that runs the server, with everything the server wrote in it', async () => {
    const registered = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Pia',
        lastName: 'Privat',
        phoneNumber: '0611123456',
        userEmail: 'pia@example.de',
        password: 'Sommer-2026!A',
      }),
    });
    expect(registered.status).toBe(201);
    await expect.poll(() => mailFiles(path.join(dataDir, 'outbox')).length).toBe(1);

    const entries = readdirSync(dataDir, { recursive: true, withFileTypes: true });
    const modeOf = (file: string) => statSync(file).mode & 0o777;
    const folders = [
      dataDir,
      ...entries.filter((entry) => entry.isDirectory()).map((e) => path.join(e.parentPath, e.name)),
    ];
    expect(folders.filter((folder) => modeOf(folder) !== 0o700)).toEqual([]);
    // The embedded database's files included, which its own file system writes readable by everyone.
    const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.filter((file) => modeOf(file) !== 0o600)).toEqual([]);
    expect(files.filter((file) => file.startsWith(path.join(dataDir, 'db'))).length).toBeGreaterThan(100);
  });
});

describe('the client address', () => {
  it('is the connection’s peer by default: a forged X-Forwarded-For does not escape a rate limit', async () => {
    for (let n = 0; n < 20; n++) {
      expect((await forgot(server.baseUrl, `a${n}@example.de`, `198.51.100.${n}`)).status).toBe(200);
    }
    expect((await forgot(server.baseUrl, 'b@example.de', '198.51.100.99')).status).toBe(429);
  });

  it('is what the trusted proxy says with TRUST_PROXY: clients behind it are counted apart', async () => {
    for (let n = 0; n < 20; n++) {
      expect((await forgot(proxied.baseUrl, `c${n}@example.de`, '203.0.113.10')).status).toBe(200);
    }
    expect((await forgot(proxied.baseUrl, 'd@example.de', '203.0.113.10')).status).toBe(429);
    expect((await forgot(proxied.baseUrl, 'e@example.de', '203.0.113.11')).status).toBe(200);
  });
});

describe('the path', () => {
  it('has one spelling: any other is sent there before the API or a limit sees the request', async () => {
    const spellings = [
      '/%61pi/auth/forgot-password',
      '/./api/auth/forgot-password',
      '/x/../api/auth/forgot-password',
      '/%2e%2e/api/auth/forgot-password',
      '//api/auth/forgot-password',
      '/api/auth//forgot-password',
      '/api\\auth/forgot-password',
    ];
    for (const spelling of spellings) {
      const answer = await rawRequest(proxied.baseUrl, 'POST', `${spelling}?x=%2F`, {
        'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.30',
      });
      expect({ spelling, status: answer.status, location: answer.headers.location }).toEqual({
        spelling,
        status: 308,
        location: '/api/auth/forgot-password?x=%2F',
      });
    }
    // None of them counted: the client behind the proxy still has all its requests.
    for (let n = 0; n < 20; n++)
      expect((await forgot(proxied.baseUrl, `f${n}@example.de`, '203.0.113.30')).status).toBe(200);
    expect((await forgot(proxied.baseUrl, 'g@example.de', '203.0.113.30')).status).toBe(429);
  });
});

/** Sends requests one after the other over one kept-alive connection, as a proxy's pool does. */
function onOneConnection(base: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, urlPath: string, body?: Buffer, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; reusedSocket: boolean }>(
      (resolve, reject) => {
        const req = httpRequest(`${base}${urlPath}`, { method, headers, agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, reusedSocket: req.reusedSocket }),
          );
        });
        req.on('error', reject);
        req.end(body);
      },
    );
  return { send, close: () => agent.destroy() };
}

describe('HTTP', () => {
  it('keeps an idle connection open longer than a proxy keeps it in its pool, so a request sent on it is answered', async () => {
    const connection = onOneConnection(server.baseUrl);
    const first = await connection.send('GET', '/api/health');
    expect(first.headers['keep-alive']).toBe('timeout=65');
    // Longer than Node's own 5 s (and its second of grace): a client sending now met a closed socket.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const later = await connection.send('GET', '/api/health');
    expect({ status: later.status, reusedSocket: later.reusedSocket }).toEqual({ status: 200, reusedSocket: true });
    connection.close();
  });

  it('closes the connection of a body over the limit cleanly, so the next request on a kept-alive agent works', async () => {
    const connection = onOneConnection(server.baseUrl);
    const tooLarge = Buffer.alloc(512 * 1024, 'a');
    const framings: Record<string, string>[] = [
      { 'Content-Type': 'application/json', 'Content-Length': String(tooLarge.length) },
      { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
    ];
    for (const headers of framings) {
      const refused = await connection.send('POST', '/api/auth/login', tooLarge, headers);
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      expect((await connection.send('GET', '/api/health')).status).toBe(200);
    }
    connection.close();
  });

  it('reads an upload a little over the limit to its end, so a client that sends it all before reading gets the 413', async () => {
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const { hostname, port } = new URL(server.baseUrl);
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const chunks = 6; // 6 MB against the photo limit of 5 MB, more than the socket buffers take
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      let response: { status: number; body: string } | undefined;
      let sent = false;
      const settle = () => response && sent && resolve(response);
      const req = httpRequest(
        {
          hostname,
          port,
          path: '/api/images/upload/departament/1',
          method: 'POST',
          headers: {
            Authorization: `Bearer ${accessToken}`,
            'Content-Type': 'multipart/form-data; boundary=x',
            'Content-Length': String(chunk.length * chunks),
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (part: string) => (body += part));
          res.on('end', () => {
            response = { status: res.statusCode ?? 0, body };
            settle();
          });
        },
      );
      req.on('error', reject);
      // Over 1.5 s, as over a slow line: longer than the half second the server reads after answering.
      void (async () => {
        for (let n = 0; n < chunks; n++) {
          if (!req.write(chunk)) await new Promise((drained) => req.once('drain', drained));
          await new Promise((wait) => setTimeout(wait, 250));
        }
        req.end(() => {
          sent = true;
          settle();
        });
      })();
    });
    expect(answer).toEqual({
      status: 413,
      body: JSON.stringify({ message: 'Das Bild ist größer als 5 MB.', statusCode: 413 }),
    });
  }, 10_000);

  it('answers TRACE, CONNECT-like and unknown methods with 405 and the methods it serves', async () => {
    for (const method of ['TRACE', 'PROPFIND']) {
      const answer = await rawRequest(server.baseUrl, method, '/api/health');
      expect({ method, status: answer.status }).toEqual({ method, status: 405 });
      expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(JSON.parse(answer.body)).toEqual({ message: 'Diese Methode wird nicht unterstützt.', statusCode: 405 });
    }
  });

  it('compresses JSON, revalidates the public catalogue by ETag, and sends no HSTS over plain HTTP', async () => {
    const first = await rawRequest(server.baseUrl, 'GET', '/api/departaments', { 'Accept-Encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('Accept-Encoding');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(first.headers['cdn-cache-control']).toBe('max-age=60, stale-while-revalidate=300');
    expect(first.headers['strict-transport-security']).toBeUndefined();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await rawRequest(server.baseUrl, 'GET', '/api/departaments', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
  });

  it('logs one JSON line per request with its id, method, path, status and duration, and nothing secret', async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/confirm?code=${SECRET_QUERY}`, {
      headers: { Authorization: 'Bearer sehr-geheimes-token' },
    });
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => output().includes(String(requestId))).toBe(true);
    const lines = output()
      .split('\n')
      .filter((line) => line.includes(String(requestId)));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toEqual({
      level: 'info',
      time: expect.any(String),
      reqId: requestId,
      method: 'GET',
      path: '/api/auth/confirm',
      status: 400,
      durationMs: expect.any(Number),
      msg: 'request',
    });
    expect(output()).not.toContain(SECRET_QUERY);
    expect(output()).not.toContain('sehr-geheimes-token');

    // A reset link's token in the path is not logged either.
    const reset = await fetch(`${server.baseUrl}/reset-password/${SECRET_QUERY}`);
    await expect.poll(() => output().includes(String(reset.headers.get('x-request-id')))).toBe(true);
    expect(output()).toContain('"path":"/reset-password/…"');
    expect(output()).not.toContain(SECRET_QUERY);
  });
});
