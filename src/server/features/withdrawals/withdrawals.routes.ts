/**
 * The withdrawal function (docs/product.md#d31-consumer-law): anyone may send a declaration,
 * without an account; staff read them all.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { AdminWithdrawalViewSchema, WithdrawalSchema, WithdrawalViewSchema } from '../../../lib/withdrawals.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { common, json, jsonBody, operation } from '../../http/openapi.ts';
import { adminRouter, callerOf } from '../accounts/guards.ts';
import { limitDeclarations } from '../declarations/declarations.ts';
import * as withdrawals from './withdrawals.service.ts';

const TAG = 'Withdrawals';

export function withdrawalRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>().use(jsonBodyLimit).post(
    '/',
    operation(TAG, {
      summary: 'Withdraw from a contract',
      description:
        'A consumer’s withdrawal declaration. It is received whatever it names (a booking number is optional, and an order that is unknown or not the sender’s is not an error); a receipt with its content, date and time goes to `email` at once. A declaration that names an order of the account with that address marks the order withdrawn. Sent with the access token of the account with that address, the receipt repeats the declaration as typed; otherwise it repeats name and order number with nothing a mail program shows as a link, not the reason, and one inbox gets at most 3 such receipts a day (later declarations are received and answered alike, staff are told).',
      responses: {
        201: json('Received; the receipt is on its way.', WithdrawalViewSchema),
        429: common('TooManyRequests'),
      },
    }),
    jsonBody(WithdrawalSchema),
    async (c) => {
      await limitDeclarations(deps, c.env?.clientAddress);
      return c.json(await withdrawals.receiveWithdrawal(deps, c.req.valid('json'), await callerOf(deps, c)), 201);
    },
  );
}

export function adminWithdrawalRoutes(deps: ApiDependencies) {
  return adminRouter(deps).get(
    '/',
    operation('Admin', {
      summary: 'All withdrawal declarations',
      description: 'Newest first, with the order each was matched to and whether it came within its period.',
      responses: { 200: json('The declarations.', v.array(AdminWithdrawalViewSchema)) },
    }),
    async (c) => c.json(await withdrawals.listWithdrawals(deps.db)),
  );
}
