/**
 * Readiness (docs/product.md#operations): a load balancer sends requests to a server only while it
 * answers `GET /api/health/ready` with 200. It says 503 with its reasons while it starts or stops,
 * and while the database or the uploads' storage does not answer within two seconds.
 */
import { sql } from 'drizzle-orm';
import type { ApiDependencies } from '../../context.ts';
import type { Unreadiness, UnreadyReason } from './health.views.ts';

export const HEALTH_PATH = '/api/health';
export const READY_PATH = '/api/health/ready';

/** A dependency slower than this counts as unreachable. */
const CHECK_LIMIT_MS = 2_000;

const REASON_TEXTS: Record<UnreadyReason, string> = {
  starting: 'er startet gerade',
  stopping: 'er wird beendet',
  database: 'die Datenbank ist nicht erreichbar',
  storage: 'der Speicher für Bilder ist nicht erreichbar',
};

export const unreadiness = (reasons: UnreadyReason[]): Unreadiness => ({
  message: `Der Server ist nicht bereit: ${reasons.map((reason) => REASON_TEXTS[reason]).join(', ')}.`,
  statusCode: 503,
  reasons,
});

/** Whether `check` succeeds within the limit. */
const answers = (check: () => Promise<unknown>): Promise<boolean> =>
  Promise.race([
    check().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(resolve, CHECK_LIMIT_MS, false).unref()),
  ]);

/** Why the server cannot serve now; none when it can. */
export async function unreadyReasons(deps: ApiDependencies): Promise<UnreadyReason[]> {
  if (deps.server.stopping) return ['stopping'];
  const [database, storage] = await Promise.all([
    answers(() => deps.db.execute(sql`select 1`)),
    answers(() => deps.server.checkStorage()),
  ]);
  return [...(database ? [] : ['database' as const]), ...(storage ? [] : ['storage' as const])];
}
