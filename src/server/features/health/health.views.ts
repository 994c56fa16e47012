/** The health check's contract (docs/product.md#d26-code-layout): what `GET /health` answers. */
import * as v from 'valibot';

export const HealthSchema = v.object({ status: v.literal('ok'), database: v.literal('ok') });
export type Health = v.InferOutput<typeof HealthSchema>;

export const SicknessSchema = v.object({ status: v.literal('error'), database: v.literal('unreachable') });
export type Sickness = v.InferOutput<typeof SicknessSchema>;
