/** The cancellation button's call of the REST API (docs/product.md#d35-maintenance-terms). */
import type { CancellationDeclaration, CancellationView } from '../lib/cancellations.ts';
import { api } from './http.ts';

export const sendCancellation = (declaration: CancellationDeclaration) =>
  api.post('cancellations', { json: declaration }).json<CancellationView>();
