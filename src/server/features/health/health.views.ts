/**
 * The health checks' contract (docs/product.md#operations): `GET /health`, whether the process
 * answers at all (liveness), and `GET /health/ready`, whether it can serve now (readiness).
 */
import * as v from 'valibot';

export const LivenessSchema = v.object({ status: v.literal('ok') });
export type Liveness = v.InferOutput<typeof LivenessSchema>;

export const ReadinessSchema = v.object({
  status: v.literal('ready'),
  /**
   * The published release the site's server serves (docs/product.md#d38-content-editor): null for
   * its own build before any publish; absent from the API alone (`npm run start:api`).
   */
  release: v.optional(v.nullable(v.string())),
});
export type Readiness = v.InferOutput<typeof ReadinessSchema>;

/**
 * Why a server cannot serve now: it is starting (migrations, seed) or stopping, or the database
 * or the uploads' storage (the bucket, or UPLOAD_DIR) cannot be reached.
 */
export const UNREADY_REASONS = ['starting', 'stopping', 'database', 'storage'] as const;
export type UnreadyReason = (typeof UNREADY_REASONS)[number];

export const UnreadinessSchema = v.object({
  message: v.string(),
  statusCode: v.literal(503),
  reasons: v.array(v.picklist(UNREADY_REASONS)),
});
export type Unreadiness = v.InferOutput<typeof UnreadinessSchema>;
