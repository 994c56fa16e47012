/** The withdrawal function's call of the REST API (docs/product.md#d31-consumer-law). */
import type { WithdrawalDeclaration, WithdrawalView } from '../lib/withdrawals.ts';
import { api } from './http.ts';

export const sendWithdrawal = (declaration: WithdrawalDeclaration) =>
  api.post('withdrawals', { json: declaration }).json<WithdrawalView>();
