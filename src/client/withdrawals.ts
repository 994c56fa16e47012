/** The withdrawal function's call of the REST API (docs/product.md#d31-consumer-law). */
import type { WithdrawalDeclaration, WithdrawalView } from '../lib/withdrawals.ts';
import { callerFor } from './http.ts';

export interface WithdrawalRoutes {
  'POST withdrawals': WithdrawalView;
}

const call = callerFor<WithdrawalRoutes>();

export const sendWithdrawal = (declaration: WithdrawalDeclaration) =>
  call('POST withdrawals', { json: declaration }).json();
