/** The cancellation button's call of the REST API (docs/product.md#d35-maintenance-terms). */
import type { CancellationDeclaration, CancellationView } from '../lib/cancellations.ts';
import { callerFor } from './http.ts';

export interface CancellationRoutes {
  'POST cancellations': CancellationView;
}

const call = callerFor<CancellationRoutes>();

export const sendCancellation = (declaration: CancellationDeclaration) =>
  call('POST cancellations', { json: declaration }).json();
