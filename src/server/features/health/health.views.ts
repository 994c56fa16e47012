/**
 * The health checks' contract (docs/product.md#operations): `GET /health`, whether the process
 * answers at all (liveness), and `GET /health/ready`, whether it can serve now (readiness).
 */
import * as v from 'valibot';

export const LivenessSchema = v.object({ status: v.literal('ok') });
export type Liveness = v.InferOutput<typeof LivenessSchema>;

export const ReadinessSchema = v.object({ status: v.literal('ready') });
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
