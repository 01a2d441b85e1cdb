/**
 * The public surface of every package.json "exports" entry, pinned in a snapshot per entry
 * (test/exports/<entry>.txt, `root.txt` for `msk-once` itself): each exported name with its kind at
 * runtime and its declared kind, type-only names (interfaces, type aliases, `export type`) included.
 * Adding, removing or re-kinding a public name fails here until the snapshot is updated on purpose,
 * so the change shows in the snapshot's diff and is reviewed.
 *
 * Runtime names come from importing the entry through the package's self-reference with the
 * `msk-once-source` condition (as `npm run test:file` runs); declared names from the TypeScript
 * checker on the entry's source file. The two readings are checked against each other.
 *
 * It does not pin signatures or the shapes of types: only names and kinds.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SNAPSHOTS = join(ROOT, 'test/exports');
const UPDATE = process.env.UPDATE_EXPORT_SNAPSHOTS === '1';
const UPDATE_COMMAND = 'UPDATE_EXPORT_SNAPSHOTS=1 npm run test:file -- test/exports.test.ts';
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string | Record<string, string>>;
};

interface Entry {
  /** `msk-once/emulator` */
  readonly specifier: string;
  /** `emulator/index.ts` */
  readonly source: string;
  /** `emulator.txt` */
  readonly snapshot: string;
}

const ENTRIES: Entry[] = Object.entries(PACKAGE.exports)
  .filter(([subpath]) => subpath !== './package.json')
  .map(([subpath, target]) => {
    const source = typeof target === 'string' ? undefined : target['msk-once-source'];
    assert.ok(source, `package.json exports ${subpath} names its source with the msk-once-source condition`);
    return {
      specifier: `${PACKAGE.name}${subpath.slice(1)}`,
      source: source.replace(/^\.\//, ''),
      snapshot: `${subpath === '.' ? 'root' : subpath.slice(2).replaceAll('/', '-')}.txt`,
    };
  });

/** The root entry is what a handler author uses (issue: about 30 names); the rest is in other entries. */
const ROOT_LIMIT = 30;

/** The names of `names` that the root entry's table of docs/architecture.md does not give a reason for. */
function unexplained(names: readonly string[], doc: string): string[] {
  const start = doc.indexOf('## The root entry');
  const end = doc.indexOf('Left the root', start);
  assert.ok(start >= 0 && end > start, 'docs/architecture.md has a section "The root entry" with its table');
  const table = doc.slice(start, end);
  const explained = new Set(
    [...table.matchAll(/^\|([^|]*)\|/gm)].flatMap((row) =>
      [...row[1]!.matchAll(/`(\w+)`/g)].map((m) => m[1]!),
    ),
  );
  return names.filter((name) => !explained.has(name));
}

/** A value's kind at runtime: class, function, namespace, array, null, object or its typeof. */
function runtimeKind(value: unknown): string {
  if (typeof value === 'function')
    return /^class[\s{]/.test(Function.prototype.toString.call(value)) ? 'class' : 'function';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object')
    return Object.prototype.toString.call(value) === '[object Module]' ? 'namespace' : 'object';
  return typeof value;
}

const MEANINGS: [ts.SymbolFlags, string][] = [
  [ts.SymbolFlags.Class, 'class'],
  [ts.SymbolFlags.Function, 'function'],
  [ts.SymbolFlags.Enum, 'enum'],
  [ts.SymbolFlags.ValueModule, 'namespace'],
  [ts.SymbolFlags.Interface, 'interface'],
  [ts.SymbolFlags.TypeAlias, 'type'],
];

interface Declared {
  /** Its meanings, joined with `+`: class, function, const, let, var, enum, namespace, interface, type. */
  readonly kind: string;
  /** Whether it is a value at runtime (false for types and for `export type` of a value). */
  readonly value: boolean;
}

/** Whether an alias declaration (`export type { X }`, `import type`) exports a type only. */
function isTypeOnlyAlias(declaration: ts.Declaration): boolean {
  if (ts.isExportSpecifier(declaration) || ts.isImportSpecifier(declaration))
    return declaration.isTypeOnly || declaration.parent.parent.isTypeOnly;
  if (ts.isNamespaceExport(declaration)) return declaration.parent.isTypeOnly;
  if (ts.isImportClause(declaration)) return declaration.isTypeOnly;
  return false;
}

function declaredOf(checker: ts.TypeChecker, exported: ts.Symbol): Declared {
  let typeOnly = false;
  let symbol = exported;
  // Follow re-exports one step at a time: a type-only step anywhere makes the name type-only.
  for (let step = 0; symbol.flags & ts.SymbolFlags.Alias && step < 50; step++) {
    if (symbol.declarations?.some(isTypeOnlyAlias)) typeOnly = true;
    const next = checker.getImmediateAliasedSymbol(symbol);
    if (!next) break;
    symbol = next;
  }
  const kinds = MEANINGS.filter(([flag]) => symbol.flags & flag).map(([, name]) => name);
  if (symbol.flags & ts.SymbolFlags.Variable) {
    const declaration = symbol.declarations?.find(ts.isVariableDeclaration);
    const flags = declaration ? ts.getCombinedNodeFlags(declaration) : ts.NodeFlags.None;
    kinds.unshift(flags & ts.NodeFlags.Const ? 'const' : flags & ts.NodeFlags.Let ? 'let' : 'var');
  }
  return {
    kind: kinds.join('+') || 'unknown',
    value: !typeOnly && (symbol.flags & ts.SymbolFlags.Value) !== 0,
  };
}

/**
 * The declared exports of each file, read by the TypeScript checker. Packages are read as empty
 * files (no entry re-exports from one, and loading aws-cdk-lib's types takes ~20 s instead of ~2 s);
 * a name re-exported from a package would show as `unknown`.
 */
function declaredExports(
  files: readonly string[],
  host?: ts.CompilerHost,
): Map<string, Map<string, Declared>> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2024,
    allowImportingTsExtensions: true,
    customConditions: ['msk-once-source'],
    noEmit: true,
    noLib: true,
    types: [],
  };
  const compilerHost = host ?? ts.createCompilerHost(options);
  const read = compilerHost.getSourceFile.bind(compilerHost);
  compilerHost.getSourceFile = (name, language, ...rest) =>
    name.includes('/node_modules/') ? ts.createSourceFile(name, '', language) : read(name, language, ...rest);
  const program = ts.createProgram(files, options, compilerHost);
  const checker = program.getTypeChecker();
  const result = new Map<string, Map<string, Declared>>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    assert.ok(module, `${file}: TypeScript read no module`);
    const names = new Map<string, Declared>();
    for (const symbol of checker.getExportsOfModule(module))
      names.set(symbol.name, declaredOf(checker, symbol));
    result.set(file, names);
  }
  return result;
}

/** One line per exported name: `name runtime-kind declared-kind` (`type-only` when erased at runtime). */
function surface(runtime: Record<string, unknown>, declared: ReadonlyMap<string, Declared>): string[] {
  const names = [...new Set([...Object.keys(runtime), ...declared.keys()])].sort();
  return names.map((name) => {
    const kind = name in runtime ? runtimeKind(runtime[name]) : 'type-only';
    return `${name} ${kind} ${declared.get(name)?.kind ?? 'undeclared'}`;
  });
}

/** Where the two readings disagree: a runtime name TypeScript does not see, or a value missing at runtime. */
function disagreements(runtime: Record<string, unknown>, declared: ReadonlyMap<string, Declared>): string[] {
  const found: string[] = [];
  for (const name of Object.keys(runtime))
    if (!declared.has(name)) found.push(`${name}: exported at runtime, not declared`);
  for (const [name, d] of declared) {
    if (d.value && !(name in runtime))
      found.push(`${name}: declared as a value (${d.kind}), missing at runtime`);
    if (!d.value && name in runtime)
      found.push(`${name}: declared type-only (${d.kind}), present at runtime`);
  }
  return found;
}

/** The snapshot's lines (comments and blank lines left out). */
function snapshotLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/** `+ line` for what is exported now and not in the snapshot, `- line` for the reverse, in name order. */
function surfaceDiff(expected: readonly string[], actual: readonly string[]): string[] {
  const was = new Set(expected);
  const now = new Set(actual);
  const changed = [
    ...expected.filter((line) => !now.has(line)).map((line) => ({ line, mark: '-' })),
    ...actual.filter((line) => !was.has(line)).map((line) => ({ line, mark: '+' })),
  ];
  return changed
    .sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : a.mark === '-' ? -1 : 1))
    .map(({ line, mark }) => `${mark} ${line}`);
}

function snapshotText(entry: Entry, lines: readonly string[]): string {
  return [
    `# ${entry.specifier} (${entry.source}): name, kind at runtime (type-only: erased), declared kind.`,
    `# Pinned by test/exports.test.ts; change it deliberately: ${UPDATE_COMMAND}`,
    ...lines,
    '',
  ].join('\n');
}

describe('the public surface of each package entry (test/exports/*.txt)', () => {
  const declared = declaredExports(ENTRIES.map((e) => join(ROOT, e.source)));

  for (const entry of ENTRIES) {
    test(`${entry.specifier}: names and kinds as in test/exports/${entry.snapshot}`, async (t) => {
      const runtime = (await import(entry.specifier)) as Record<string, unknown>;
      const names = declared.get(join(ROOT, entry.source))!;
      assert.deepEqual(
        disagreements(runtime, names),
        [],
        `${entry.specifier}: runtime and declarations disagree`,
      );
      const actual = surface(runtime, names);
      const path = join(SNAPSHOTS, entry.snapshot);
      let expected: string[] | undefined;
      try {
        expected = snapshotLines(readFileSync(path, 'utf8'));
      } catch {
        expected = undefined;
      }
      const diff = surfaceDiff(expected ?? [], actual);
      if (UPDATE) {
        mkdirSync(SNAPSHOTS, { recursive: true });
        writeFileSync(path, snapshotText(entry, actual));
        if (diff.length > 0) t.diagnostic(`updated ${entry.snapshot}:\n${diff.join('\n')}`);
        return;
      }
      if (expected === undefined)
        assert.fail(
          `${entry.specifier} has no snapshot test/exports/${entry.snapshot}; write it: ${UPDATE_COMMAND}`,
        );
      if (diff.length > 0) {
        assert.fail(
          `${entry.specifier} (${entry.source}): its public surface differs from test/exports/${entry.snapshot}` +
            ' (+ exported now, not in the snapshot; - in the snapshot, not exported now):\n' +
            `${diff.join('\n')}\n` +
            `If the change is deliberate, update the snapshot and commit it with the change: ${UPDATE_COMMAND}`,
        );
      }
    });
  }

  test('the root entry carries at most 30 names, each with its reason in docs/architecture.md', () => {
    const root = ENTRIES.find((e) => e.specifier === PACKAGE.name)!;
    const names = [...declared.get(join(ROOT, root.source))!.keys()].sort();
    assert.ok(names.length <= ROOT_LIMIT, `msk-once exports ${names.length} names, more than ${ROOT_LIMIT}`);
    assert.deepEqual(unexplained(names, readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')), []);
  });

  test('every snapshot belongs to an entry of package.json "exports"', () => {
    const known = new Set(ENTRIES.map((e) => e.snapshot));
    const stale = readdirSync(SNAPSHOTS).filter((f) => f.endsWith('.txt') && !known.has(f));
    assert.deepEqual(stale, [], `snapshots of entries that are gone; delete them with the entry`);
  });
});

describe('the surface readers themselves, on a made-up module', () => {
  const files: Record<string, string> = {
    '/virtual/entry.ts': [
      "export { Thing, make, LIMIT, type Shape, type Alias } from './parts.ts';",
      "export type { Hidden } from './parts.ts';",
      "export * as names from './names.ts';",
      'export let counter = 0;',
      'export enum Color { Red }',
    ].join('\n'),
    '/virtual/parts.ts': [
      'export class Thing {}',
      'export function make(): Thing { return new Thing(); }',
      'export const LIMIT = 3;',
      'export interface Shape { a: number }',
      'export type Alias = string;',
      'export class Hidden {}',
    ].join('\n'),
    '/virtual/names.ts': "export const A = 'a';",
  };
  const host = ts.createCompilerHost({});
  host.getSourceFile = (name, language) =>
    files[name] === undefined ? undefined : ts.createSourceFile(name, files[name], language);
  host.fileExists = (name) => files[name] !== undefined;
  host.readFile = (name) => files[name];
  host.directoryExists = (name) => name === '/virtual';
  const declared = declaredExports(['/virtual/entry.ts'], host).get('/virtual/entry.ts')!;

  test('TypeScript sees values, types, re-exports, a namespace and a type-only export of a class', () => {
    const shown = [...declared]
      .map(([name, d]) => `${name} ${d.kind}${d.value ? '' : ' (type-only)'}`)
      .sort();
    assert.deepEqual(shown, [
      'Alias type (type-only)',
      'Color enum',
      'Hidden class (type-only)',
      'LIMIT const',
      'Shape interface (type-only)',
      'Thing class',
      'counter let',
      'make function',
      'names namespace',
    ]);
  });

  test('a root name without a row in the root table is reported, one in another section is not enough', () => {
    const doc = [
      '## The root entry',
      '| name | why |',
      '| `kafkaHandler`, `KafkaHandler` | the handler |',
      'Prose naming `connectRedis` is not a reason.',
      'Left the root:',
      '| `decodeRecord` | internal |',
    ].join('\n');
    assert.deepEqual(unexplained(['KafkaHandler', 'connectRedis', 'decodeRecord', 'kafkaHandler'], doc), [
      'connectRedis',
      'decodeRecord',
    ]);
  });

  test('runtime kinds, the lines, their disagreements and the diff', async () => {
    const runtime = {
      Thing: class {},
      make: () => 0,
      LIMIT: 3,
      counter: 0,
      Color: { Red: 0 },
      names: await import('node:path'),
      Extra: [1],
    };
    assert.equal(runtimeKind(runtime.names), 'namespace');
    const lines = surface(runtime, declared);
    assert.ok(
      lines.includes('Thing class class') && lines.includes('Shape type-only interface'),
      lines.join('\n'),
    );
    assert.ok(lines.includes('Extra array undeclared'), lines.join('\n'));
    assert.deepEqual(disagreements(runtime, declared), ['Extra: exported at runtime, not declared']);
    const { Thing: _, ...withoutThing } = runtime;
    assert.ok(
      disagreements(withoutThing, declared).includes(
        'Thing: declared as a value (class), missing at runtime',
      ),
    );
    assert.deepEqual(
      surfaceDiff(['a class x', 'b function y'], ['a function x', 'b function y', 'c const z']),
      ['- a class x', '+ a function x', '+ c const z'],
    );
  });
});
