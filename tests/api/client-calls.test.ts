/**
 * The browser's calls are the API's routes (docs/product.md#d26-code-layout). Each client module
 * (src/client/*.ts) declares the routes it calls as an interface, `<Feature>Routes`, with the
 * answer it reads from each, and calls only those (`callerFor`; `npm run check` holds every call
 * to them). Here every declared route is found in the OpenAPI document with the method the client
 * uses, and its success answer is documented with exactly the contract schema whose type the
 * client reads. A typo in a client's path, a wrong method or an answer the client misreads fails;
 * the content editor's routes, which serve the site's own page and are not in the document, are
 * found among the app's routes instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRoutes } from '../../src/client/accounts.ts';
import type { AdminRoutes } from '../../src/client/admin.ts';
import type { BookingRoutes } from '../../src/client/bookings.ts';
import type { CancellationRoutes } from '../../src/client/cancellations.ts';
import type { CartRoutes } from '../../src/client/cart.ts';
import type { CatalogueRoutes } from '../../src/client/catalogue.ts';
import type { ImageRoutes } from '../../src/client/images.ts';
import type { InvoiceRoutes } from '../../src/client/invoices.ts';
import type { MaterialRoutes } from '../../src/client/materials.ts';
import type { PaymentRoutes } from '../../src/client/payments.ts';
import type { WithdrawalRoutes } from '../../src/client/withdrawals.ts';
import { BillingAddressViewSchema } from '../../src/lib/billing-address.ts';
import { CancellationViewSchema } from '../../src/lib/cancellations.ts';
import { WithdrawalViewSchema } from '../../src/lib/withdrawals.ts';
import {
  CurrentUserViewSchema,
  MessageViewSchema,
  RegistrationViewSchema,
  TokenPairSchema,
} from '../../src/server/features/accounts/accounts.views.ts';
import { AdminBookingPageSchema } from '../../src/server/features/admin/admin.views.ts';
import type { ApiDocument } from '../../src/server/features/api-docs/api-document.ts';
import { BookingViewSchema } from '../../src/server/features/bookings/bookings.views.ts';
import { CartEntryViewSchema, CartViewSchema } from '../../src/server/features/cart/cart.views.ts';
import { ArticleViewSchema, CategoryViewSchema } from '../../src/server/features/catalogue/catalogue.views.ts';
import { ImageViewSchema } from '../../src/server/features/images/images.views.ts';
import {
  DownloadLinkViewSchema,
  MaterialFileViewSchema,
  MaterialItemViewSchema,
  MaterialsViewSchema,
  ProgressViewSchema,
  UploadViewSchema,
} from '../../src/server/features/materials/materials.views.ts';
import {
  CheckoutSessionViewSchema,
  PaymentResultViewSchema,
  PayPalOrderViewSchema,
  RefundViewSchema,
} from '../../src/server/features/payments/payments.views.ts';
import { json } from '../../src/server/http/openapi.ts';
import { answer, createTestApi, type TestApi } from './support/test-api.ts';

/**
 * For each of a module's routes the contract schema of the answer it reads, or null for a call
 * that reads no body; `npm run check` holds the keys to the routes and each schema's output to
 * the declared answer.
 */
type AnswerSchemas<Routes> = {
  [Route in keyof Routes]: undefined extends Routes[Route] ? null : v.GenericSchema<unknown, Routes[Route]>;
};
const answers = <Routes>(schemas: AnswerSchemas<Routes>) => schemas as Record<string, v.GenericSchema | null>;

/** By client module. */
const ANSWERS: Record<string, Record<string, v.GenericSchema | null>> = {
  'accounts.ts': answers<AccountRoutes>({
    'POST auth/register': RegistrationViewSchema,
    'POST auth/login': TokenPairSchema,
    'GET auth/confirm': MessageViewSchema,
    'POST auth/forgot-password': MessageViewSchema,
    'POST auth/reset-password': MessageViewSchema,
    'GET users/me': CurrentUserViewSchema,
    'POST auth/logout': null,
  }),
  'admin.ts': answers<AdminRoutes>({
    'GET admin/bookings': AdminBookingPageSchema,
    'POST admin/bookings/{id}/cancel': null,
    'POST admin/bookings/{id}/refund': RefundViewSchema,
    'POST admin/bookings/{id}/progress': ProgressViewSchema,
  }),
  'bookings.ts': answers<BookingRoutes>({
    'GET booking/get': v.array(BookingViewSchema),
    'POST booking/confirm': v.array(BookingViewSchema),
  }),
  'cancellations.ts': answers<CancellationRoutes>({ 'POST cancellations': CancellationViewSchema }),
  'cart.ts': answers<CartRoutes>({
    'GET cart': CartViewSchema,
    'POST cart/article/{articleId}': CartEntryViewSchema,
    'PATCH cart/entries/{id}': CartEntryViewSchema,
    'DELETE cart/entries/{id}': null,
    'DELETE cart/clear': null,
  }),
  'catalogue.ts': answers<CatalogueRoutes>({
    'GET departaments': v.array(CategoryViewSchema),
    'POST departaments': CategoryViewSchema,
    'PATCH departaments/{id}': CategoryViewSchema,
    'DELETE departaments/{id}': null,
    'POST articles': ArticleViewSchema,
    'PATCH articles/{id}': ArticleViewSchema,
    'DELETE articles/{id}': null,
  }),
  'images.ts': answers<ImageRoutes>({
    'POST images/upload/departament/{id}': ImageViewSchema,
    'POST images/upload/article/{id}': ImageViewSchema,
    'DELETE images/{id}': null,
  }),
  'invoices.ts': answers<InvoiceRoutes>({
    'GET users/me/billing-address': BillingAddressViewSchema,
    'PUT users/me/billing-address': BillingAddressViewSchema,
    'GET booking/{id}/invoice': null,
    'GET booking/{id}/credit-note': null,
  }),
  'materials.ts': answers<MaterialRoutes>({
    'GET booking/{id}/materials': MaterialsViewSchema,
    'PUT booking/{id}/materials/items/{itemId}': MaterialItemViewSchema,
    'POST booking/{id}/materials/uploads': UploadViewSchema,
    'GET booking/{id}/materials/uploads/{uploadId}': UploadViewSchema,
    'POST booking/{id}/materials/files/{fileId}/accept': MaterialFileViewSchema,
    'DELETE booking/{id}/materials/files/{fileId}': null,
    'POST booking/{id}/materials/links': DownloadLinkViewSchema,
    'POST booking/{id}/materials/hand-over': ProgressViewSchema,
  }),
  'payments.ts': answers<PaymentRoutes>({
    'POST payment/stripe/checkout-session': CheckoutSessionViewSchema,
    'POST payment/paypal/orders': PayPalOrderViewSchema,
    'POST payment/paypal/orders/{id}/capture': PaymentResultViewSchema,
    'POST payments/confirm-payment': BookingViewSchema,
  }),
  'withdrawals.ts': answers<WithdrawalRoutes>({ 'POST withdrawals': WithdrawalViewSchema }),
};

/** The content editor's module: its routes serve the site's own page only (docs/product.md#d38-content-editor). */
const UNDOCUMENTED = 'editor.ts';

const CLIENT_DIR = path.resolve('src/client');

interface Declarations {
  /** The routes of the module's `…Routes` interfaces. */
  routes: string[];
  /** What its `callerFor<…>()` calls name, which must be these interfaces. */
  callers: string[];
  interfaces: string[];
}

/** The routes a client module declares and the interfaces its calls are typed by, read with TypeScript's parser. */
function declarations(file: string): Declarations {
  const source = ts.createSourceFile(file, readFileSync(path.join(CLIENT_DIR, file), 'utf8'), ts.ScriptTarget.Latest);
  const found: Declarations = { routes: [], callers: [], interfaces: [] };
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text.endsWith('Routes')) {
      found.interfaces.push(node.name.text);
      for (const member of node.members) {
        if (member.name && ts.isStringLiteral(member.name)) found.routes.push(member.name.text);
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'callerFor') {
      found.callers.push(node.typeArguments?.map((type) => type.getText(source)).join(', ') ?? '');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const CLIENT = readdirSync(CLIENT_DIR)
  .filter((name) => name.endsWith('.ts'))
  .map((file) => ({ file, ...declarations(file) }));

/** Every declared route with its module, the editor's apart. */
const ROUTES = CLIENT.filter(({ file }) => file !== UNDOCUMENTED).flatMap(({ file, routes }) =>
  routes.map((route) => ({ file, route })),
);

/** `PATCH cart/entries/{id}` → the document's method and path: `patch`, `/cart/entries/{id}`. */
function operationKey(route: string) {
  const [method = '', apiPath = ''] = route.split(' ');
  return { method: method.toLowerCase() as 'get', path: `/${apiPath}` };
}

/** A JSON schema with every `$ref` into `definitions` replaced by what it names. */
function inlined(schema: unknown, definitions: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, definitions));
  if (schema === null || typeof schema !== 'object') return schema;
  if ('$ref' in schema && typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').at(-1) ?? '';
    if (!(name in definitions)) throw new Error(`${schema.$ref} is not defined`);
    return inlined(definitions[name], definitions);
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, definitions)]));
}

/** The JSON schema the API reference gives an answer of `schema`, as the routes document it (src/server/http/openapi.ts). */
async function documentedAs(schema: v.GenericSchema): Promise<unknown> {
  const converted = await json('', schema).content['application/json'].schema.toOpenAPISchema();
  const { $defs, ...rest } = converted.schema as { $defs?: Record<string, unknown> };
  return inlined(rest, { ...converted.components?.schemas, ...$defs });
}

let api: TestApi;
let document: ApiDocument;

beforeAll(async () => {
  api = await createTestApi();
  document = (await answer<ApiDocument>(api.request('GET', '/openapi.json'))).body;
});

afterAll(() => api.close());

/** The documented answers of a route with a 2xx status, with their JSON body's schema, if any; undefined for no such route. */
function successAnswers(route: string) {
  const { method, path: apiPath } = operationKey(route);
  const operation = document.paths[apiPath]?.[method];
  if (!operation) return undefined;
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .map(([status, response]) => ({
      status,
      schema: 'content' in response ? response.content?.['application/json']?.schema : undefined,
    }));
}

describe('the browser’s calls of the API', () => {
  it('are declared by each client module as its routes, which type all its calls', () => {
    const modules = CLIENT.filter(({ callers }) => callers.length > 0);
    expect(modules.map(({ file }) => file)).toEqual(expect.arrayContaining(['cart.ts', 'images.ts', UNDOCUMENTED]));
    for (const { file, callers, interfaces } of CLIENT) {
      expect(callers, `${file}: callerFor<…>() names its own …Routes interface`).toEqual(interfaces);
    }
    const all = CLIENT.flatMap(({ routes }) => routes);
    expect(all.length, 'each route declared by one module').toBe(new Set(all).size);
    expect(all.length).toBeGreaterThanOrEqual(40);
  });

  it('name a contract schema for the answer of each route', () => {
    for (const { file, routes } of CLIENT.filter(({ file }) => file !== UNDOCUMENTED)) {
      expect(Object.keys(ANSWERS[file] ?? {}).sort(), file).toEqual([...routes].sort());
    }
  });

  it('are routes of the API reference, with the method the client uses', () => {
    const unknown = ROUTES.filter(({ route }) => !successAnswers(route)?.length).map(
      ({ file, route }) => `${file}: ${route} is not in the API reference`,
    );
    expect(unknown).toEqual([]);
  });

  it('read each answer as the reference documents it', async () => {
    const definitions = document.components?.schemas ?? {};
    const misread: string[] = [];
    for (const { file, route } of ROUTES) {
      const expected = ANSWERS[file]?.[route];
      for (const { status, schema } of successAnswers(route) ?? []) {
        const problem =
          expected === null || expected === undefined
            ? schema && `answers ${status} with a JSON body the client does not read`
            : !schema
              ? `answers ${status} without the JSON body the client reads`
              : JSON.stringify(inlined(schema, definitions)) !== JSON.stringify(await documentedAs(expected))
                ? `answers ${status} with another body than the client’s contract`
                : undefined;
        if (problem) misread.push(`${file}: ${route} ${problem}`);
      }
    }
    expect(misread).toEqual([]);
  });

  it('find the content editor’s routes, which the reference leaves out, among the app’s routes', () => {
    const routes = new Set(api.app.routes.map((route) => `${route.method} ${route.path}`));
    const editor = CLIENT.find(({ file }) => file === UNDOCUMENTED)?.routes ?? [];
    const missing = editor
      .map((route) => operationKey(route))
      .map(({ method, path: apiPath }) => `${method.toUpperCase()} /api${apiPath.replace(/\{(\w+)\}/g, ':$1')}`)
      .filter((route) => !routes.has(route));
    expect(editor.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
