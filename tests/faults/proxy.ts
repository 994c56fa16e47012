/**
 * The fault test's load balancer: what an operator puts in front of the replicas (nginx, HAProxy,
 * a cloud balancer), in the few lines the test needs (README, "Deploying a new version"). It sends
 * each request to the next replica whose `GET /api/health/ready` said 200 at the last check (every
 * `checkEveryMs`), to any replica while none is ready (as nginx does when all are marked down), and
 * keeps its connections to them alive. A request whose connection was refused goes to the next
 * replica; so does a GET or HEAD whose replica failed before answering (nginx's
 * `proxy_next_upstream error`, which leaves other methods alone: they may have taken effect).
 */
import { Agent, createServer, type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';

export interface Replica {
  name: string;
  port: number;
}

export interface Proxy {
  url: string;
  /** Whether the last check found the replica ready. */
  inRotation(name: string): boolean;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te']);
const RETRIED_METHODS = new Set(['GET', 'HEAD']);

const endToEnd = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startProxy(replicas: Replica[], port: number, options: { checkEveryMs: number }): Promise<Proxy> {
  const ready = new Map(replicas.map((replica) => [replica.name, false]));
  const agents = new Map(replicas.map((replica) => [replica.name, new Agent({ keepAlive: true, maxSockets: 32 })]));
  const check = async (replica: Replica) => {
    const answer = await fetch(`http://127.0.0.1:${replica.port}/api/health/ready`, {
      signal: AbortSignal.timeout(options.checkEveryMs * 5),
    }).catch(() => undefined);
    await answer?.body?.cancel();
    ready.set(replica.name, answer?.status === 200);
  };
  await Promise.all(replicas.map(check));
  const checks = setInterval(() => {
    for (const replica of replicas) void check(replica);
  }, options.checkEveryMs);

  let turn = 0;
  /** The replicas to try, in turn: the ready ones, or all while none is. */
  const candidates = () => {
    const inRotation = replicas.filter((replica) => ready.get(replica.name));
    const pool = inRotation.length > 0 ? inRotation : replicas;
    const first = turn++ % pool.length;
    return [...pool.slice(first), ...pool.slice(0, first)];
  };

  const forward = (replica: Replica, req: IncomingMessage, body: Buffer) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
      const upstream = request({
        host: '127.0.0.1',
        port: replica.port,
        method: req.method,
        path: req.url,
        headers: { ...endToEnd(req.headers), 'x-forwarded-for': forwardedFor, 'content-length': body.length },
        agent: agents.get(replica.name),
      });
      upstream.on('response', resolve);
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const tried = candidates();
    for (const [index, replica] of tried.entries()) {
      try {
        const answer = await forward(replica, req, body);
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.on('error', () => res.destroy());
        answer.pipe(res);
        return;
      } catch (error) {
        const refused = (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
        const last = index === tried.length - 1;
        if (last || !(refused || RETRIED_METHODS.has(req.method ?? ''))) {
          res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end(`Bad Gateway: ${replica.name} ${(error as Error).message}`);
          return;
        }
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    inRotation: (name) => ready.get(name) ?? false,
    close: async () => {
      clearInterval(checks);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const agent of agents.values()) agent.destroy();
    },
  };
}
