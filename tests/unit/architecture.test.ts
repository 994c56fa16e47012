/**
 * The layers of docs/product.md#d26-code-layout, checked over the import graph: code that runs in
 * the browser never loads server code, and src/lib (code both sides run) loads only src/lib. Type
 * imports count too: browser code, src/lib and the pages read the server only through its
 * contracts (`*.views.ts`, which import nothing but src/lib and each other), the pages' frontmatter
 * reaches the running API only through src/server/page-data.ts, and the API client (src/client,
 * the bottom layer of the browser code) imports no store, island or page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('src');
const relative = (file: string) => path.relative(path.resolve('.'), file);

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The module scripts of an .astro file (not `is:inline` ones, which import nothing). */
function astroScripts(source: string): string[] {
  return [...source.matchAll(/<script\b(?![^>]*\bis:inline)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * The specifiers a module names: static and dynamic imports and re-exports; with `types`, also
 * `import type`, `export type` and `import('…')` in type positions.
 */
function importSpecifiers(source: string, fileName: string, { types }: { types: boolean }): string[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      (types || !node.importClause?.isTypeOnly) &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      (types || !node.isTypeOnly) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    } else if (
      types &&
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return specifiers;
}

/** The specifiers a module loads when it runs: static and dynamic imports and re-exports, not `import type`. */
const runtimeImports = (source: string, fileName: string) => importSpecifiers(source, fileName, { types: false });

/** Project files a file loads at run time (relative imports only; packages are not followed). */
function localImports(file: string, source = readFileSync(file, 'utf8')): string[] {
  return runtimeImports(source, file)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));
}

/** The TypeScript of a file: an .astro file's frontmatter and module scripts, else the whole file. */
function codeOf(file: string, source = readFileSync(file, 'utf8')): string {
  if (!file.endsWith('.astro')) return source;
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  return [frontmatter, ...astroScripts(source)].join('\n');
}

/** Project files a file names in any import, type-only ones included. */
const allLocalImports = (file: string, source?: string): string[] =>
  importSpecifiers(codeOf(file, source), file, { types: true })
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));

/** Every chain of runtime imports from `start` to a file for which `forbidden` says why it may not be loaded. */
function forbiddenChains(start: string, firstImports: string[], forbidden: (file: string) => string | undefined) {
  const found: string[] = [];
  const seen = new Set<string>();
  const queue = firstImports.map((file) => [start, file]);
  while (queue.length > 0) {
    const chain = queue.shift() as string[];
    const file = chain.at(-1) as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const reason = forbidden(file);
    if (reason) {
      found.push(`${chain.map(relative).join(' → ')} (${reason})`);
      continue;
    }
    if (/\.(ts|tsx)$/.test(file)) queue.push(...localImports(file).map((next) => [...chain, next]));
  }
  return found;
}

const isServer = (file: string) =>
  file.startsWith(path.join(SRC, 'server') + path.sep) ? 'server code in the browser' : undefined;

const BROWSER_ROOTS = [
  ...['islands', 'client', 'stores'].flatMap((dir) => filesUnder(path.join(SRC, dir), /\.(ts|tsx)$/)),
  ...filesUnder(SRC, /\.astro$/).flatMap((file) =>
    astroScripts(readFileSync(file, 'utf8')).flatMap((script) => localImports(file, script)),
  ),
];

const SOURCE_FILE = /\.(ts|tsx|astro)$/;
const inDir = (dir: string) => (file: string) => file.startsWith(path.join(SRC, dir) + path.sep);
const isContract = (file: string) => inDir('server')(file) && file.endsWith('.views.ts');
const PAGE_DATA = path.join(SRC, 'server', 'page-data.ts');
const CONTRACTS = filesUnder(path.join(SRC, 'server'), /\.views\.ts$/);
/** Browser code and the pages; src/lib, the contracts and src/client have stricter rules of their own. */
const LAYERED = ['client', 'islands', 'stores', 'lib', 'pages', 'components', 'layouts'];

/** Why `file` may not import `target`, whether for its types or to run it; undefined when it may. */
function importRule(file: string, target: string): string | undefined {
  if (inDir('lib')(file) || isContract(file)) {
    const allowed = inDir('lib')(target) || (isContract(file) && isContract(target));
    return allowed
      ? undefined
      : isContract(file)
        ? 'a contract imports only src/lib and contracts'
        : 'src/lib imports only src/lib';
  }
  if (
    inDir('client')(file) &&
    ['stores', 'islands', 'components', 'pages', 'layouts'].some((dir) => inDir(dir)(target))
  ) {
    return 'the API client is the bottom layer: no store, island or page';
  }
  if (!inDir('server')(target) || isContract(target)) return undefined;
  const isPage = ['pages', 'components', 'layouts'].some((dir) => inDir(dir)(file));
  if (isPage && target === PAGE_DATA) return undefined;
  return isPage ? 'only contracts, *.views.ts, and src/server/page-data.ts' : 'only contracts, *.views.ts';
}

const importProblems = (file: string, source?: string): string[] =>
  allLocalImports(file, source).flatMap((target) => {
    const reason = importRule(file, target);
    return reason ? [`${relative(file)} imports ${relative(target)} (${reason})`] : [];
  });

/** The circles in the import graph of `files` (type imports included): Tarjan's strongly connected components. */
function importCircles(files: string[]): string[][] {
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, allLocalImports(file).filter((target) => known.has(target))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      component.push(member);
    } while (member !== file);
    if (component.length > 1) circles.push(component.map(relative).sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

/**
 * The server's floors, lowest first, by their entries in src/server: a file imports (types
 * included) its own floor and those below, the contracts (`*.views.ts`) and src/lib, never a floor
 * above or the pages' folders. What the lower floors need of a feature is an interface in context.ts.
 */
const SERVER_FLOORS = [
  ['project-root.ts', 'log.ts', 'settings.ts', 'data-dir.ts', 'code-version.ts'],
  ['db', 'storage', 'mail', 'http', 'context.ts', 'content-files.ts', 'legal-texts.ts'],
  ['features', 'payment-sandbox', 'backup'],
  // The HTTP server serves the app and the builds: it wraps everything.
  ['app.ts', 'runtime.ts', 'main.ts', 'page-data.ts', 'http/node-server.ts'],
];
const SERVER = path.join(SRC, 'server');

/** A feature's tables (`<feature>.tables.ts`) sit on the database's floor, which lists them in db/schema.ts. */
const DATABASE_FLOOR = 1;

/** The floor of a server file (a file named in a floor before its folder), or undefined for one in no floor. */
function floorOf(file: string): number | undefined {
  if (file.endsWith('.tables.ts')) return DATABASE_FLOOR;
  const inServer = path.relative(SERVER, file).split(path.sep).join('/');
  const named = SERVER_FLOORS.findIndex((entries) => entries.includes(inServer));
  if (named >= 0) return named;
  const floor = SERVER_FLOORS.findIndex((entries) => entries.includes(inServer.split('/')[0] ?? ''));
  return floor < 0 ? undefined : floor;
}

/** Why a server file may not import `target`; undefined when it may. */
function floorRule(file: string, target: string): string | undefined {
  // The content's schemas and the editor's config and forms describe content/, which both sides read.
  const describesContent =
    inDir('content-schemas')(target) ||
    inDir('editor/forms')(target) ||
    target === path.join(SRC, 'editor/keystatic.config.ts');
  if (inDir('lib')(target) || isContract(target) || describesContent) return undefined;
  if (!inDir('server')(target)) return 'server code imports no page, component, island, store or client';
  const [from, to] = [floorOf(file), floorOf(target)];
  if (from === undefined || to === undefined) return 'a file in no floor of SERVER_FLOORS';
  return to > from ? `an arrow up, floor ${from} to ${to}` : undefined;
}

const floorProblems = (file: string, source?: string): string[] =>
  allLocalImports(file, source).flatMap((target) => {
    const reason = floorRule(file, target);
    return reason ? [`${relative(file)} imports ${relative(target)} (${reason})`] : [];
  });

describe('the import graph', () => {
  it('finds the browser code to check', () => {
    expect(BROWSER_ROOTS.map(relative)).toEqual(
      expect.arrayContaining(['src/islands/accounts/LoginForm.tsx', 'src/components/shell/shell.ts']),
    );
  });

  it('never leads from browser code to server code (import type excepted)', () => {
    const chains = [...new Set(BROWSER_ROOTS)].flatMap((root) =>
      forbiddenChains(root, /\.(ts|tsx)$/.test(root) ? localImports(root) : [root], isServer),
    );
    expect(chains).toEqual([]);
  });

  it('keeps src/lib to code both sides run: it loads only src/lib and no Node built-ins', () => {
    const lib = path.join(SRC, 'lib') + path.sep;
    const problems = filesUnder(lib, /\.ts$/).flatMap((file) => {
      const nodeBuiltins = runtimeImports(readFileSync(file, 'utf8'), file).filter((s) => s.startsWith('node:'));
      const outside = localImports(file).filter((target) => !target.startsWith(lib));
      return [
        ...nodeBuiltins.map((s) => `${relative(file)} loads ${s}`),
        ...outside.map((target) => `${relative(file)} loads ${relative(target)}`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('reads the server only through contracts, and the API client no store (type imports included)', () => {
    const files = [...CONTRACTS, ...LAYERED.flatMap((layer) => filesUnder(path.join(SRC, layer), SOURCE_FILE))];
    expect(files.map(relative)).toEqual(
      expect.arrayContaining([
        'src/server/features/cart/cart.views.ts',
        'src/client/http.ts',
        'src/pages/departaments/[id].astro',
        'src/lib/payments.ts',
      ]),
    );
    expect(files.flatMap((file) => importProblems(file))).toEqual([]);
  });

  it('finds a browser file that reads a service, the schema or a store for its types', () => {
    const island = path.join(SRC, 'islands/cart/Example.tsx');
    const client = path.join(SRC, 'client/example.ts');
    const page = path.join(SRC, 'pages/example.astro');
    const contract = path.join(SRC, 'server/features/cart/example.views.ts');
    expect(
      importProblems(island, "import type { CartView } from '../../server/features/cart/cart.service.ts';"),
    ).toEqual([
      'src/islands/cart/Example.tsx imports src/server/features/cart/cart.service.ts (only contracts, *.views.ts)',
    ]);
    expect(importProblems(client, "import type { BookingStatus } from '../server/db/schema.ts';")).toHaveLength(1);
    expect(importProblems(client, "import { $accessToken } from '../stores/accounts.ts';")).toEqual([
      'src/client/example.ts imports src/stores/accounts.ts (the API client is the bottom layer: no store, island or page)',
    ]);
    expect(importProblems(page, "---\nimport { processApi } from '../server/runtime.ts';\n---\n<p>x</p>")).toHaveLength(
      1,
    );
    expect(importProblems(contract, "import type { Database } from '../../../db/schema.ts';")).toHaveLength(1);
    expect(importProblems(island, "import type { CartView } from '../../server/features/cart/cart.views.ts';")).toEqual(
      [],
    );
    expect(importProblems(page, "---\nimport { paymentSettings } from '../server/page-data.ts';\n---")).toEqual([]);
  });

  it('has no circle, type imports included', () => {
    const files = filesUnder(SRC, SOURCE_FILE).filter((file) => !file.endsWith('.astro'));
    expect(importCircles(files)).toEqual([]);
  });

  it('has no arrow up in the server: features above http, context, db, mail and storage, pages above all', () => {
    const files = filesUnder(SERVER, /\.(ts|tsx)$/).filter((file) => !isContract(file));
    expect(files.flatMap((file) => floorProblems(file))).toEqual([]);
    const mailLetter = path.join(SERVER, 'mail/letter.ts');
    expect(floorProblems(mailLetter, "import { x } from '../../components/content/company-fields.ts';")).toHaveLength(
      1,
    );
    expect(
      floorProblems(
        path.join(SERVER, 'http/guards.ts'),
        "import { y } from '../features/accounts/accounts.service.ts';",
      ),
    ).toEqual([
      'src/server/http/guards.ts imports src/server/features/accounts/accounts.service.ts (an arrow up, floor 1 to 2)',
    ]);
  });

  it('tells a type import from a runtime import', () => {
    const source = [
      "import type { A } from './types.ts';",
      "import { b } from './values.ts';",
      "export type { C } from './more-types.ts';",
      "export { d } from './more-values.ts';",
      "const e = () => import('./lazy.ts');",
    ].join('\n');
    expect(runtimeImports(source, 'x.ts')).toEqual(['./values.ts', './more-values.ts', './lazy.ts']);
  });
});

describe('the payment sandbox (docs/product.md#d19-provider-emulators)', () => {
  const sandbox = path.join(SRC, 'server', 'payment-sandbox') + path.sep;
  const features = path.join(SRC, 'server', 'features') + path.sep;
  const entry = path.join(sandbox, 'sandbox.routes.ts');

  it('is entered only through its routes module, and never from a feature (its table is listed in the schema)', () => {
    const outside = filesUnder(SRC, /\.(ts|tsx|astro)$/).filter((file) => !file.startsWith(sandbox));
    const schema = path.join(SRC, 'server/db/schema.ts');
    const tables = path.join(sandbox, 'sandbox.tables.ts');
    const problems = outside.flatMap((file) =>
      allLocalImports(file)
        .filter((target) => !(file === schema && target === tables))
        .filter((target) => target.startsWith(sandbox) && (target !== entry || file.startsWith(features)))
        .map((target) => `${relative(file)} imports ${relative(target)}`),
    );
    expect(problems).toEqual([]);
  });

  it('imports nothing from the features: it plays the providers, not the shop', () => {
    const problems = filesUnder(sandbox, /\.(ts|js)$/).flatMap((file) =>
      allLocalImports(file)
        .filter((target) => target.startsWith(features))
        .map((target) => `${relative(file)} imports ${relative(target)}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('the size of a file (docs/product.md#d26-code-layout)', () => {
  it('is at most 400 lines: a room holds one thing, not everything of a kind', () => {
    const long = filesUnder(SRC, /\.(ts|tsx|astro|css|mjs)$/)
      .map((file) => ({ file: relative(file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});
