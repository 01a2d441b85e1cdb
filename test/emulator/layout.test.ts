/**
 * The emulator and the test kit depend downward only: the emulator on the contract and the formats
 * of the toolkit, the test kit on the emulator's entry, the contract, the root (store and handler
 * types) and the effects; neither on cli/, demo/ or functions/ (test/architecture.test.ts rules
 * every part the same way).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EMULATOR_USES = ['lib/contract.ts', 'lib/formats/index.ts'];
const TESTKIT_USES = ['lib/contract.ts', 'lib/index.ts', 'lib/effects/index.ts', 'emulator/index.ts'];

/** Every relative module a file imports or re-exports (static and dynamic), from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => relative(root, resolve(root, dirname(file), s)));
}

function filesOf(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(folder, f));
}

/** The imports of `folder` that are neither inside it nor among `allowed`. */
function strayImports(folder: string, allowed: readonly string[]): string[] {
  return filesOf(folder).flatMap((file) =>
    importsOf(file)
      .filter((target) => !target.startsWith(`${folder}/`) && !allowed.includes(target))
      .map((target) => `${file} imports ${target}`),
  );
}

describe('layout', () => {
  test('emulator/ uses the toolkit through the contract and the formats only, and nothing above it', () => {
    assert.deepEqual(strayImports('emulator', EMULATOR_USES), []);
  });

  test('testkit/ uses the emulator and the toolkit through their public entries only', () => {
    assert.deepEqual(strayImports('testkit', TESTKIT_USES), []);
  });

  test('the import reader sees imports (a check of the check)', () => {
    assert.ok(importsOf('testkit/faults.ts').includes('emulator/index.ts'));
    assert.ok(importsOf('testkit/local-dynamodb.ts').includes('lib/effects/index.ts'));
  });
});
