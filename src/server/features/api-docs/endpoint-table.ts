/**
 * The endpoint table of docs/api.md, written from the OpenAPI document by `npm run docs:api`; the API
 * suite fails when that copy differs, so the overview cannot drift from the routes.
 */
import type { ApiDocument } from './api-document.ts';

type Operation = NonNullable<ApiDocument['paths'][string]['get']>;
type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: object;
  required?: string[];
  items?: JsonSchema;
};

export const TABLE_START = '<!-- endpoints: written by `npm run docs:api` from the OpenAPI document -->';
export const TABLE_END = '<!-- endpoints end -->';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function auth(operation: Operation): string {
  const requirement = operation.security?.[0];
  if (!requirement) return '–';
  if ('stripeSignature' in requirement) return 'Stripe signature';
  if ('paypalTransmission' in requirement) return 'PayPal signature';
  return requirement.bearer?.includes('ROLE_ADMIN') ? 'admin' : 'bearer';
}

/** `{ id, message }`, `[{ id, … }]` or `number`: the top level of an answer. */
function shape(document: ApiDocument, schema: JsonSchema | undefined): string {
  if (!schema) return '';
  if (schema.$ref)
    return shape(document, document.components.schemas?.[schema.$ref.split('/').pop() ?? ''] as JsonSchema);
  if (schema.items) return `[${shape(document, schema.items)}]`;
  if (schema.properties) return `{ ${Object.keys(schema.properties).join(', ')} }`;
  return String(schema.type ?? 'value');
}

function body(operation: Operation): string {
  const content = operation.requestBody && 'content' in operation.requestBody ? operation.requestBody.content : {};
  if (content['multipart/form-data']) return 'multipart `file`';
  const schema = content['application/json']?.schema as JsonSchema | undefined;
  if (!schema?.properties) return schema ? 'JSON' : '–';
  return Object.keys(schema.properties)
    .map((name) => (schema.required?.includes(name) ? name : `${name}?`))
    .join(', ');
}

const sentence = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

function answers(document: ApiDocument, operation: Operation, success: boolean): string {
  return Object.entries(operation.responses)
    .filter(([status]) => status.startsWith('2') === success)
    .map(([status, response]) => {
      if ('$ref' in response) return status;
      const media = Object.entries(response.content ?? {})[0];
      const json = media?.[0] === 'application/json' ? shape(document, media[1].schema as JsonSchema) : media?.[0];
      return success
        ? `${status}${json ? ` \`${json}\`` : ''}: ${sentence(response.description)}`
        : `${status}: ${sentence(response.description)}`;
    })
    .join('<br>');
}

export function endpointTable(document: ApiDocument): string {
  const rows = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const query = (operation.parameters ?? []).flatMap((parameter) =>
        'in' in parameter && parameter.in === 'query' ? [`${parameter.name}=`] : [],
      );
      const cells = [
        method.toUpperCase(),
        `\`${path}${query.length > 0 ? `?${query.join('&')}` : ''}\``,
        auth(operation),
        body(operation),
        answers(document, operation, true),
        answers(document, operation, false) || '–',
      ];
      return [`| ${cells.join(' | ')} |`];
    }),
  );
  return ['| Method | Path | Auth | Body | Answer | Errors |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** `markdown` with the table between its markers replaced by `table`. */
export function withEndpointTable(markdown: string, table: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/api.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return `${markdown.slice(0, start + TABLE_START.length)}\n${table}\n${markdown.slice(end)}`;
}
