/**
 * Stripe's form encoding as the `stripe` package writes it: `line_items[0][price_data][currency]=eur`,
 * `metadata[bookingId]=7`, `expand[0]=line_items` (or `expand[]=…`), read back into nested objects
 * and arrays of strings. An empty value means "not set", as in Stripe's API.
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export class FormParamsError extends Error {
  override name = 'FormParamsError';
  readonly param: string;
  constructor(message: string, param: string) {
    super(message);
    this.param = param;
  }
}

/** Up to 1000 entries per array, enough for any request Stripe accepts. */
const MAX_INDEX = 999;

/** `a[b][0][]` → ['a', 'b', '0', ''], or undefined when the brackets do not pair up. */
function keySegments(key: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return undefined;
  const rest = match[2] ?? '';
  return [match[1], ...[...rest.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')];
}

type Node = { kind: 'leaf'; value: string } | { kind: 'branch'; children: Map<string, Node> };

function place(root: Map<string, Node>, segments: string[], value: string, param: string): void {
  let children = root;
  for (const [position, segment] of segments.entries()) {
    // `[]` appends: the next free index.
    const key = segment === '' ? String(children.size) : segment;
    const last = position === segments.length - 1;
    const existing = children.get(key);
    if (last) {
      if (existing?.kind === 'branch') throw new FormParamsError(`Invalid hash: ${param}`, param);
      children.set(key, { kind: 'leaf', value });
      return;
    }
    if (existing?.kind === 'leaf') throw new FormParamsError(`Invalid hash: ${param}`, param);
    const branch: Node = existing ?? { kind: 'branch', children: new Map() };
    children.set(key, branch);
    children = branch.children;
  }
}

/** A branch whose keys are all indices becomes an array, in index order. */
function toValue(node: Node, param: string): FormValue {
  if (node.kind === 'leaf') return node.value;
  const keys = [...node.children.keys()];
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    const indices = keys.map(Number).sort((a, b) => a - b);
    if (indices.some((index, position) => index !== position || index > MAX_INDEX)) {
      throw new FormParamsError(`Invalid array: ${param}`, param);
    }
    return indices.map((index) => toValue(node.children.get(String(index)) as Node, `${param}[${index}]`));
  }
  return toObject(node.children, param);
}

function toObject(children: Map<string, Node>, param?: string): FormObject {
  // No prototype: a key such as `__proto__` stays a key.
  const object: FormObject = Object.create(null);
  for (const [key, child] of children) object[key] = toValue(child, param === undefined ? key : `${param}[${key}]`);
  return object;
}

/** Reads a form-encoded body or query string; throws FormParamsError naming the malformed key. */
export function parseFormParams(encoded: string): FormObject {
  const root = new Map<string, Node>();
  for (const [key, value] of new URLSearchParams(encoded)) {
    if (value === '') continue;
    const segments = keySegments(key);
    if (!segments) throw new FormParamsError(`Invalid parameter name: ${key}`, key);
    place(root, segments, value, key);
  }
  return toObject(root);
}

/** The parameters in a canonical order, to tell whether two requests asked for the same. */
export function formFingerprint(encoded: string): string {
  return [...new URLSearchParams(encoded)]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .sort()
    .join('&');
}
