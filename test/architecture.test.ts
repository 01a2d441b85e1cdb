/**
 * The layout of docs/architecture.md, checked on the source: lib/ imports nothing outside lib/; no
 * import cycles between files; each part imports only the parts below it, and those only through
 * their public entries (package.json "exports"), the published tools and constructs only through
 * the few entries of lib they need; msk-once/contract and msk-once/alarms load no npm package; and
 * no published part (lib/, infra/cdk/, emulator/, testkit/, cli/) names the example application.
 *
 * Imports are read with the TypeScript parser (static imports and re-exports, `import type`,
 * `import('...')` and `typeof import('...')`), so a cycle made of type imports counts too.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string | Record<string, string>>;
};

/** The repository file an export names (its `msk-once-source` condition; dist/ is built from it). */
function sourceOf(target: string | Record<string, string> | undefined): string | undefined {
  return typeof target === 'string' ? target : target?.['msk-once-source'];
}

/**
 * The parts whose imports are ruled; test/, bench/ and scripts/ may import anything. `infra/cdk`
 * (the published constructs, msk-once/cdk) is a part of its own; `infra` is the rest of infra/:
 * this repository's own CDK app, part of the example application.
 */
const RULED = [
  'lib',
  'infra/cdk',
  'emulator',
  'testkit',
  'testkit/internal',
  'cli',
  'demo',
  'functions',
  'infra',
] as const;
type Part = (typeof RULED)[number];
const ALL_PARTS = [
  'lib',
  'emulator',
  'testkit',
  'cli',
  'demo',
  'functions',
  'infra',
  'test',
  'bench',
  'scripts',
];

/** The published parts: what `npm i msk-once` ships. None of them may name the example application. */
const PUBLISHED: readonly string[] = ['lib', 'infra/cdk', 'emulator', 'testkit', 'cli'];

/**
 * The public entries of each part that has some: what package.json exports (lib: the root,
 * msk-once/effects, msk-once/contract; emulator: msk-once/emulator; testkit: msk-once/testkit).
 * Another part reaches such a part only through them.
 */
const ENTRIES_OF = new Map<string, string[]>();
for (const [subpath, target] of Object.entries(PACKAGE.exports)) {
  if (subpath === './package.json') continue;
  // The repository's sources, which the published package's dist/ is built from.
  const source = sourceOf(target);
  assert.ok(source, `package.json exports ${subpath} names its source with the msk-once-source condition`);
  const file = source.replace(/^\.\//, '');
  ENTRIES_OF.set(partOf(file), [...(ENTRIES_OF.get(partOf(file)) ?? []), file]);
}

/** Which other parts a part may import (through their public entries, where they have some). */
const MAY_IMPORT: Record<Part, readonly string[]> = {
  lib: [],
  'infra/cdk': ['lib'],
  emulator: ['lib'],
  testkit: ['emulator', 'lib'],
  'testkit/internal': ['testkit', 'emulator', 'lib'],
  cli: ['testkit', 'emulator', 'lib'],
  demo: ['cli', 'testkit', 'testkit/internal', 'emulator', 'functions', 'lib'],
  functions: ['lib'],
  infra: ['infra/cdk', 'lib'],
};

/**
 * The entries of lib a published tool or the constructs may use, fewer than all of lib's: the
 * names they share with the runtime come from msk-once/contract, and the root (what a handler
 * author uses) only where they run or test a handler.
 */
const LIB_ENTRIES_FOR: Partial<Record<Part, readonly string[]>> = {
  'infra/cdk': ['lib/contract.ts', 'lib/alarms.ts'],
  emulator: ['lib/contract.ts', 'lib/formats/index.ts'],
  testkit: ['lib/contract.ts', 'lib/index.ts', 'lib/effects/index.ts'],
  'testkit/internal': ['lib/contract.ts', 'lib/index.ts', 'lib/effects/index.ts'],
  cli: ['lib/contract.ts', 'lib/alarms.ts', 'lib/index.ts', 'lib/middlewares.ts', 'lib/formats/index.ts'],
};

/**
 * Imports that may skip a part's entries: the example CDK app uses the constructs' configuration
 * types (`EnvironmentConfig`, `ConsumerConfig`), which msk-once/cdk does not export; this
 * repository's harness (testkit/internal/) uses the test kit's files behind its entry (free ports,
 * the cluster's node views).
 */
const DEEP_IMPORTS_ALLOWED: Partial<Record<Part, readonly string[]>> = {
  infra: ['infra/cdk'],
  'testkit/internal': ['testkit'],
};

/** Entries that must load no npm package, and the files they may reach. */
const LIGHT_ENTRIES: readonly string[] = ['lib/contract.ts', 'lib/alarms.ts'];
const LIGHT_FILES = /^lib\/(contract\.ts|contract\/[^/]+\.ts|errors\.ts|alarms\.ts)$/;

/**
 * What names the example application (its consumer `notification`, its functions, its stacks
 * `MskOnce-<env>` and resources `msk-once-<env>`, its app and demo files), so that no published
 * part may mention it. Push notifications as a toolkit feature (collapse ids, an SNS notification)
 * are not the app: only the name as an identifier (quoted, in a key, a path or a resource name).
 */
const EXAMPLE_APP_NAMES: readonly [RegExp, string][] = [
  [/functions\//, 'functions/'],
  [/\bmsk-once-(?:dev|staging|prod|<env>)\b/, 'a resource name msk-once-<env>'],
  [/\bSTACK_NAME_PREFIX\b|\bMskOnce-(?:dev|staging|prod|<env>)\b/, 'the stack names'],
  [/[-/'"`]notification\b|\bnotification[-:/'"`]|review[-.]created/, 'the `notification` consumer'],
  [/\bdemo\/|\binfra\/(?!cdk\/)[\w-]+\.ts\b/, 'a file of the example application'],
];

type Sources = ReadonlyMap<string, string>;

interface Edge {
  readonly from: string;
  /** The file imported, relative to the root, or the package name for a bare specifier. */
  readonly to: string;
  readonly internal: boolean;
}

function partOf(file: string): string {
  if (file.startsWith('infra/cdk/')) return 'infra/cdk';
  if (file.startsWith('testkit/internal/')) return 'testkit/internal';
  return file.split('/')[0] ?? '';
}

/** Every module specifier in `text`. */
function specifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where `spec`, imported by `file`, points: a repository file (posix, from the root) or a package. */
function resolveSpecifier(file: string, spec: string): Edge {
  if (spec.startsWith('.')) {
    const to = join(dirname(file), spec).split(sep).join('/');
    return { from: file, to, internal: true };
  }
  if (spec === PACKAGE.name || spec.startsWith(`${PACKAGE.name}/`)) {
    const key = `.${spec.slice(PACKAGE.name.length)}`;
    const target = sourceOf(PACKAGE.exports[key]);
    return {
      from: file,
      to: target ? target.replace(/^\.\//, '') : `${spec} (not exported)`,
      internal: true,
    };
  }
  return { from: file, to: spec, internal: false };
}

function importEdges(sources: Sources): Edge[] {
  const edges: Edge[] = [];
  for (const [file, text] of sources) {
    for (const spec of specifiers(file, text)) edges.push(resolveSpecifier(file, spec));
  }
  return edges;
}

/** (a) lib/ imports only lib/. */
function libViolations(sources: Sources): string[] {
  const found: string[] = [];
  for (const e of importEdges(sources)) {
    if (partOf(e.from) === 'lib' && e.internal && partOf(e.to) !== 'lib')
      found.push(`${e.from} imports ${e.to}: lib/ imports nothing outside lib/`);
  }
  return found;
}

/** (d) no published part names the example application. */
function exampleAppMentions(sources: Sources): string[] {
  const found: string[] = [];
  for (const [file, text] of sources) {
    if (!PUBLISHED.includes(partOf(file))) continue;
    for (const [pattern, what] of EXAMPLE_APP_NAMES) {
      const hit = pattern.exec(text);
      if (hit) {
        const line = text.slice(0, hit.index).split('\n').length;
        found.push(
          `${file}:${line} names ${what} ("${hit[0]}"): published parts do not know the example application`,
        );
      }
    }
  }
  return found;
}

/** (e) the light entries reach only their own files, and no npm package (types included). */
function heavyEntryViolations(sources: Sources): string[] {
  const edges = importEdges(sources);
  const found: string[] = [];
  for (const entry of LIGHT_ENTRIES) {
    const seen = new Set([entry]);
    const queue = [entry];
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const e of edges) {
        if (e.from !== file) continue;
        if (!e.internal) {
          if (!e.to.startsWith('node:'))
            found.push(`${entry} loads ${e.to} (through ${file}): it loads no npm package`);
        } else if (!LIGHT_FILES.test(e.to)) {
          found.push(
            `${entry} loads ${e.to} (through ${file}): it reaches only lib/contract/ and lib/errors.ts`,
          );
        } else if (!seen.has(e.to)) {
          seen.add(e.to);
          queue.push(e.to);
        }
      }
    }
  }
  return found;
}

/** (c) each ruled part imports only itself and the parts below it, through their public entries. */
function layerViolations(sources: Sources): string[] {
  const found: string[] = [];
  for (const e of importEdges(sources)) {
    if (!e.internal) continue;
    const from = partOf(e.from);
    const to = partOf(e.to);
    if (!(RULED as readonly string[]).includes(from) || from === to) continue;
    const allowed = MAY_IMPORT[from as Part];
    const deepAllowed = DEEP_IMPORTS_ALLOWED[from as Part]?.includes(to) ?? false;
    const entries = deepAllowed
      ? undefined
      : to === 'lib'
        ? (LIB_ENTRIES_FOR[from as Part] ?? ENTRIES_OF.get(to))
        : ENTRIES_OF.get(to);
    if (!allowed.includes(to)) {
      found.push(
        `${e.from} imports ${e.to}: ${from}/ may import ${allowed.map((p) => `${p}/`).join(', ') || 'nothing else'}`,
      );
    } else if (entries && !entries.includes(e.to)) {
      found.push(`${e.from} imports ${e.to}: ${from}/ uses ${to}/ only through ${entries.join(', ')}`);
    }
  }
  return found;
}

/** (b) import cycles between files of the ruled parts, each as `a -> b -> ... -> a`. */
function cycles(sources: Sources): string[] {
  const graph = new Map<string, string[]>();
  for (const e of importEdges(sources)) {
    if (!e.internal || !sources.has(e.to)) continue;
    if (!(RULED as readonly string[]).includes(partOf(e.from))) continue;
    if (!(RULED as readonly string[]).includes(partOf(e.to))) continue;
    graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
  }
  // Tarjan's strongly connected components; every component of two or more files (or a file
  // importing itself) holds at least one cycle, and one of them is reported as a path.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const strongConnect = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) !== indexOf.get(v)) return;
    const component = new Set<string>();
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.add(w);
    } while (w !== v);
    if (component.size > 1 || (graph.get(v) ?? []).includes(v)) found.push(cyclePath(graph, component, v));
  };
  for (const v of [...graph.keys()].sort()) if (!indexOf.has(v)) strongConnect(v);
  return found;
}

/** A shortest way from `start` back to itself inside `component`, as `a -> b -> a`. */
function cyclePath(graph: Map<string, string[]>, component: Set<string>, start: string): string {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path: string[] = [];
        for (let x = v; x !== start; x = previous.get(x)!) path.unshift(x);
        return [start, ...path, start].join(' -> ');
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...component].join(' -> ');
}

/** The one file of the consumer core that talks to the dedup store, and the parts only it uses. */
const CLAIM_SESSION = 'lib/consumer/claim-session.ts';
const PRIVATE_TO_CLAIM_SESSION: readonly string[] = ['lib/consumer/group-commit.ts'];
const STORE_CALL = /\bstore\??\.(claim|commit|release|extend|connect)\b/;

/**
 * Files of the consumer core (lib/consumer/) that call the dedup store, or import what is private
 * to the claim session, other than the claim session itself.
 */
function storeCallers(sources: Sources): string[] {
  const found: string[] = [];
  for (const [file, text] of sources) {
    if (!file.startsWith('lib/consumer/') || file === CLAIM_SESSION) continue;
    const call = STORE_CALL.exec(text);
    if (call) found.push(`${file} calls the store (${call[0]}): only ${CLAIM_SESSION} may`);
  }
  for (const edge of importEdges(sources)) {
    // Tests may take the private pieces apart (a unit test of the group commit); no part may.
    if (
      PRIVATE_TO_CLAIM_SESSION.includes(edge.to) &&
      edge.from !== CLAIM_SESSION &&
      !edge.from.startsWith('test/')
    )
      found.push(`${edge.from} imports ${edge.to}: private to ${CLAIM_SESSION}`);
  }
  return found;
}

/** The repository's TypeScript sources, by posix path from the root. */
function repositorySources(): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'results' && !entry.name.startsWith('.'))
          walk(path);
      } else if (entry.name.endsWith('.ts')) {
        sources.set(path, readFileSync(join(ROOT, path), 'utf8'));
      }
    }
  };
  for (const part of ALL_PARTS) if (existsSync(join(ROOT, part))) walk(part);
  return sources;
}

describe('the layout (docs/architecture.md)', () => {
  const sources = repositorySources();

  test('the parser sees the imports it rules on', () => {
    const edges = importEdges(sources);
    const has = (from: string, to: string) => edges.some((e) => e.from === from && e.to === to);
    // A re-export, a namespace re-export, a type import and a dynamic import.
    assert.ok(has('lib/dedup/window.ts', 'lib/contract.ts'));
    assert.ok(has('lib/contract.ts', 'lib/contract/dedup-key.ts'), 'export { ... } from');
    assert.ok(has('functions/notification/config.ts', 'lib/contract.ts'), 'import * as contract');
    assert.ok(has('infra/cdk/consumer-validation.ts', 'infra/cdk/kafka-consumer-props.ts'));
    assert.ok(has('lib/dedup/elasticache-iam.ts', '@smithy/signature-v4'), "await import('...')");
    assert.ok(sources.size > 100, `only ${sources.size} files found under ${ALL_PARTS.join(', ')}`);
  });

  test('lib/ imports nothing outside lib/', () => {
    assert.deepEqual(libViolations(sources), []);
  });

  test('no published part names the example application', () => {
    assert.deepEqual(exampleAppMentions(sources), []);
  });

  test('msk-once/contract and msk-once/alarms load no npm package', () => {
    assert.deepEqual(heavyEntryViolations(sources), []);
  });

  test('no import cycles between files', () => {
    assert.deepEqual(cycles(sources), []);
  });

  test('each part imports only the parts below it, and lib through its public entries', () => {
    assert.deepEqual(layerViolations(sources), []);
  });

  test('only the claim session talks to the dedup store, and only it uses the group commit', () => {
    assert.deepEqual(storeCallers(sources), []);
  });
});

describe('the checks themselves, on made-up trees', () => {
  test('a store call or a group commit outside the claim session is reported', () => {
    const tree = new Map([
      [CLAIM_SESSION, "import { GroupCommit } from './group-commit.ts'; await store.claim(keys);"],
      ['lib/consumer/group-commit.ts', 'export class GroupCommit {}'],
      ['lib/consumer/invocation.ts', 'await config.store.release(keys, owner);'],
      ['lib/consumer/park-record.ts', "import { GroupCommit } from './group-commit.ts';"],
      ['lib/consumer/ordering.ts', 'store.close();'],
      [
        'test/core/group-commit-groups.test.ts',
        "import { GroupCommit } from '../../lib/consumer/group-commit.ts';",
      ],
    ]);
    assert.deepEqual(storeCallers(tree), [
      `lib/consumer/invocation.ts calls the store (store.release): only ${CLAIM_SESSION} may`,
      `lib/consumer/park-record.ts imports lib/consumer/group-commit.ts: private to ${CLAIM_SESSION}`,
    ]);
  });

  test('lib importing the emulator is reported', () => {
    const tree = new Map([
      ['lib/a.ts', "import { KafkaLog } from '../emulator/kafka-log.ts';"],
      ['emulator/kafka-log.ts', 'export class KafkaLog {}'],
    ]);
    assert.deepEqual(libViolations(tree), [
      'lib/a.ts imports emulator/kafka-log.ts: lib/ imports nothing outside lib/',
    ]);
  });

  test('a published part naming the example application is reported, the example itself is not', () => {
    const tree = new Map([
      ['lib/b.ts', '// like functions/orders does'],
      ['lib/alarms.ts', 'const prefix = "msk-once-" + env;\n// e.g. msk-once-prod'],
      ['infra/cdk/k.ts', "import { STACK_NAME_PREFIX } from '../app-names.ts';"],
      ['emulator/e.ts', "/** lambdaContext({ functionName: 'notification' }) */"],
      ['testkit/t.ts', "// expireLeases(redis, 'x:dedup:on-review-created:')"],
      ['cli/c.ts', '// the environments of infra/environments.ts, or the demo/ ones'],
      ['lib/effects/collapse-ids.ts', '// one push notification, shown in the notification centre'],
      ['infra/environments.ts', "const prefix = 'msk-once-dev'; // functions/notification/handler.ts"],
      ['demo/start.ts', "service: 'notification'"],
    ]);
    assert.deepEqual(exampleAppMentions(tree), [
      'lib/b.ts:1 names functions/ ("functions/"): published parts do not know the example application',
      'lib/alarms.ts:2 names a resource name msk-once-<env> ("msk-once-prod"): published parts do not know the example application',
      'infra/cdk/k.ts:1 names the stack names ("STACK_NAME_PREFIX"): published parts do not know the example application',
      `emulator/e.ts:1 names the \`notification\` consumer ("'notification"): published parts do not know the example application`,
      'testkit/t.ts:1 names the `notification` consumer ("review-created"): published parts do not know the example application',
      'cli/c.ts:1 names a file of the example application ("infra/environments.ts"): published parts do not know the example application',
    ]);
  });

  test('a light entry reaching the runtime or an npm package is reported', () => {
    const tree = new Map([
      ['lib/contract.ts', "export { dedupKey } from './contract/dedup-key.ts';"],
      [
        'lib/contract/dedup-key.ts',
        "import { RedisDedupStore } from '../dedup/redis-store.ts'; import type { X } from './x.ts';",
      ],
      [
        'lib/contract/x.ts',
        "import type { Logger } from '@aws-lambda-powertools/logger'; import { a } from 'node:fs';",
      ],
      ['lib/dedup/redis-store.ts', "import Redis from 'ioredis';"],
      ['lib/alarms.ts', "import { Metric } from './contract.ts';"],
    ]);
    assert.deepEqual(heavyEntryViolations(tree), [
      'lib/contract.ts loads lib/dedup/redis-store.ts (through lib/contract/dedup-key.ts): it reaches only lib/contract/ and lib/errors.ts',
      'lib/contract.ts loads @aws-lambda-powertools/logger (through lib/contract/x.ts): it loads no npm package',
      'lib/alarms.ts loads lib/dedup/redis-store.ts (through lib/contract/dedup-key.ts): it reaches only lib/contract/ and lib/errors.ts',
      'lib/alarms.ts loads @aws-lambda-powertools/logger (through lib/contract/x.ts): it loads no npm package',
    ]);
  });

  test('a cycle through a type import is found and shown as a path', () => {
    const tree = new Map([
      ['infra/a.ts', "import type { B } from './b.ts';"],
      ['infra/b.ts', "import { c } from './c.ts';"],
      ['infra/c.ts', "export * as a from './a.ts';"],
      ['infra/d.ts', "import { a } from './a.ts';"],
    ]);
    assert.deepEqual(cycles(tree), ['infra/a.ts -> infra/b.ts -> infra/c.ts -> infra/a.ts']);
  });

  test('a deep lib import, an upward import and a self-reference outside the exports are reported', () => {
    const tree = new Map([
      ['emulator/x.ts', "import { RedisDedupStore } from '../lib/dedup/redis-store.ts';"],
      ['emulator/y.ts', "import { findRedis } from '../testkit/local-redis.ts';"],
      ['infra/z.ts', "import { contract } from 'msk-once'; import { x } from 'msk-once/dedup';"],
      ['functions/f/h.ts', "import type { Metric } from '../../lib/contract.ts';"],
      [
        'cli/c.ts',
        "import { KafkaLog } from '../emulator/kafka-log.ts'; import { x } from '../emulator/index.ts';",
      ],
      [
        'emulator/w.ts',
        "import { partitionId } from '../lib/index.ts'; import { Metric } from '../lib/contract.ts';",
      ],
      [
        'testkit/t.ts',
        "import { formatPosition } from 'msk-once/contract'; import { alarmRules } from 'msk-once/alarms';",
      ],
      [
        'infra/cdk/k.ts',
        "import { ENVIRONMENTS } from '../environments.ts'; import { Metric } from 'msk-once/contract';",
      ],
      ['infra/cdk/m.ts', "import { dedupConfigFromEnv } from '../../lib/index.ts';"],
      // The published test kit and the CLI never reach this repository's harness; the harness may
      // reach the test kit's files behind its entry.
      ['testkit/u.ts', "import { freePort } from './internal/index.ts';"],
      ['cli/h.ts', "import { killMaster } from '../testkit/internal/cluster-faults.ts';"],
      ['testkit/internal/i.ts', "import { freePort } from '../redis-server.ts';"],
      [
        'infra/app.ts',
        "import { KafkaConsumer } from './cdk/kafka-consumer.ts'; import { alarmRules } from '../lib/alarms.ts';",
      ],
    ]);
    assert.deepEqual(layerViolations(tree), [
      'emulator/x.ts imports lib/dedup/redis-store.ts: emulator/ uses lib/ only through lib/contract.ts, lib/formats/index.ts',
      'emulator/y.ts imports testkit/local-redis.ts: emulator/ may import lib/',
      'infra/z.ts imports msk-once/dedup (not exported): infra/ may import infra/cdk/, lib/',
      'cli/c.ts imports emulator/kafka-log.ts: cli/ uses emulator/ only through emulator/index.ts',
      'emulator/w.ts imports lib/index.ts: emulator/ uses lib/ only through lib/contract.ts, lib/formats/index.ts',
      'testkit/t.ts imports lib/alarms.ts: testkit/ uses lib/ only through lib/contract.ts, lib/index.ts, lib/effects/index.ts',
      'infra/cdk/k.ts imports infra/environments.ts: infra/cdk/ may import lib/',
      'infra/cdk/m.ts imports lib/index.ts: infra/cdk/ uses lib/ only through lib/contract.ts, lib/alarms.ts',
      'testkit/u.ts imports testkit/internal/index.ts: testkit/ may import emulator/, lib/',
      'cli/h.ts imports testkit/internal/cluster-faults.ts: cli/ may import testkit/, emulator/, lib/',
    ]);
  });
});
