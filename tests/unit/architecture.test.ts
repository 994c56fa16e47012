/**
 * The layers of docs/product.md#d26-code-layout, checked over the import graph: code that runs in
 * the browser never loads server code, and src/lib (code both sides run) loads only src/lib.
 * `import type` is allowed everywhere: the browser reads the server's response types, and type
 * imports are erased from what it loads.
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

/** The specifiers a module loads when it runs: static and dynamic imports and re-exports, not `import type`. */
function runtimeImports(source: string, fileName: string): string[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
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
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return specifiers;
}

/** Project files a file loads at run time (relative imports only; packages are not followed). */
function localImports(file: string, source = readFileSync(file, 'utf8')): string[] {
  return runtimeImports(source, file)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));
}

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

/** Every project file a file imports, `import type` included. */
const allLocalImports = (file: string) =>
  ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));

describe('the payment sandbox (docs/product.md#d19-provider-emulators)', () => {
  const sandbox = path.join(SRC, 'server', 'payment-sandbox') + path.sep;
  const features = path.join(SRC, 'server', 'features') + path.sep;
  const entry = path.join(sandbox, 'sandbox.routes.ts');

  it('is entered only through its routes module, and never from a feature', () => {
    const outside = filesUnder(SRC, /\.(ts|tsx|astro)$/).filter((file) => !file.startsWith(sandbox));
    const problems = outside.flatMap((file) =>
      allLocalImports(file)
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
