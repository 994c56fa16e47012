/**
 * The cancellation button's endpoint (§ 312k BGB, docs/product.md#d35-maintenance-terms): anyone
 * may cancel, without an account; staff read them all.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { AdminCancellationViewSchema, CancellationSchema, CancellationViewSchema } from '../../../lib/cancellations.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { common, json, jsonBody, operation } from '../../http/openapi.ts';
import { adminRouter, callerOf } from '../accounts/guards.ts';
import { limitDeclarations } from '../declarations/declarations.ts';
import * as cancellations from './cancellations.service.ts';

export function cancellationRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>().use(jsonBodyLimit).post(
    '/',
    operation('Cancellations', {
      summary: 'Cancel a continuing contract',
      description:
        'A consumer’s cancellation (§ 312k BGB): `ordinary`, or `extraordinary` with its `reason`; `endDate` is the day the contract should end (empty: the earliest possible). It is received whatever it names, like a withdrawal; a confirmation with its content, the date and time of receipt and when the contract ends goes to `email` at once. One that names a paid booking with a maintenance term of the account with that address ends that term: an ordinary cancellation on its last day, an extraordinary one on `endDate` or at once. Without the access token of the account with that address, the confirmation repeats the sender’s text with nothing a mail program shows as a link, and one inbox gets at most 3 such confirmations a day, as for withdrawals.',
      responses: {
        201: json('Received; the confirmation is on its way.', CancellationViewSchema),
        429: common('TooManyRequests'),
      },
    }),
    jsonBody(CancellationSchema),
    async (c) => {
      await limitDeclarations(deps, c.env?.clientAddress);
      return c.json(await cancellations.receiveCancellation(deps, c.req.valid('json'), await callerOf(deps, c)), 201);
    },
  );
}

export function adminCancellationRoutes(deps: ApiDependencies) {
  return adminRouter(deps).get(
    '/',
    operation('Admin', {
      summary: 'All cancellations',
      description: 'Newest first, with the order each was matched to and the day that contract ends.',
      responses: { 200: json('The cancellations.', v.array(AdminCancellationViewSchema)) },
    }),
    async (c) => c.json(await cancellations.listCancellations(deps.db)),
  );
}
