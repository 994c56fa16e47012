/**
 * The REST API (SPEC §7, DESIGN §3) as a Hono app under /api. It is created from its
 * dependencies, so the server process and the tests build it the same way.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { ApiDependencies, ApiEnv } from './context.ts';
import { ApiError, errorBody, handleError, MESSAGES } from './errors.ts';
import { authRoutes } from './routes/auth.ts';
import { articleRoutes, departamentRoutes, imageRoutes } from './routes/catalogue.ts';
import { bookingRoutes, cartRoutes } from './routes/shop.ts';
import { userRoutes } from './routes/users.ts';

export const API_BASE_PATH = '/api';

/** JSON bodies are small; only image uploads (which set their own limit) may be large. */
const JSON_BODY_LIMIT = 64 * 1024;

export function createApp(deps: ApiDependencies) {
  const app = new Hono<ApiEnv>().basePath(API_BASE_PATH);

  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-site' }));
  // When the site and the API live on different origins (PUBLIC_API_BASE an absolute URL), only
  // the site's own origin may call the API from a browser.
  app.use(
    cors({
      origin: deps.siteUrl,
      allowMethods: ['GET', 'POST', 'DELETE'],
      allowHeaders: ['Authorization', 'Content-Type', 'X-HWDS-Client'],
      maxAge: 600,
    }),
  );
  app.use(async (c, next) => {
    await next();
    // Answers depend on the token: never cached by browsers or proxies, images excepted.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  app.use(async (c, next) => {
    if (c.req.path.startsWith(`${API_BASE_PATH}/images/upload/`)) return next();
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new ApiError(413, MESSAGES.tooLarge);
      },
    })(c, next);
  });

  app.get('/health', async (c) => {
    try {
      await deps.db.execute(sql`select 1`);
      return c.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      console.error('Health check: database unreachable:', error);
      return c.json({ status: 'error', database: 'unreachable' }, 503);
    }
  });
  app.route('/auth', authRoutes(deps));
  app.route('/users', userRoutes(deps));
  app.route('/departaments', departamentRoutes(deps));
  app.route('/articles', articleRoutes(deps));
  app.route('/images', imageRoutes(deps));
  app.route('/cart', cartRoutes(deps));
  app.route('/booking', bookingRoutes(deps));

  app.notFound((c) => c.json(errorBody(404, MESSAGES.notFound), 404));
  app.onError(handleError);
  return app;
}

export type ApiApp = ReturnType<typeof createApp>;
