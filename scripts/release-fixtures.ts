/**
 * The consumer code of previous releases, vendored from git history under test/fixtures/releases/,
 * so that the rollout tests (test/core/key-rollout.test.ts) run the very code those releases ran
 * (its own key function, store and scripts) beside the current one, on a clone without history too.
 *
 * `node scripts/release-fixtures.ts` writes, for each release of {@link RELEASES}, every file the
 * entry imports (relative imports, followed transitively) as `git show <commit>:<path>` gives it,
 * and a manifest of commit and files. test/core/release-fixtures.test.ts checks, where `.git` has
 * the commits, that the fixture is still exactly that.
 *
 * Run: node scripts/release-fixtures.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES = join(ROOT, 'test/fixtures/releases');

/** A release whose consumer a rollout test runs: its version, its commit, the file the tests import. */
export interface Release {
  readonly version: string;
  readonly commit: string;
  readonly entry: string;
}

/**
 * 0.1.0: the parent of 15367ce (which made 0.2.0: `git log -- package.json`, CHANGELOG.md).
 * 0.2.0: d88a253, main's head when 0.3.0's key format began.
 * 0.3.0: 0c41a67, main's head when 0.4.0's DONE marks (hash fields, dedup-mark.ts) began.
 */
export const RELEASES: readonly Release[] = [
  {
    version: '0.1.0',
    commit: '316a1baa4beaee445e228ed92395db86ac8b3dec',
    entry: 'lib/consumer/kafka-handler.ts',
  },
  {
    version: '0.2.0',
    commit: 'd88a25391e522b58809377bd324359de0e85f499',
    entry: 'lib/consumer/kafka-handler.ts',
  },
  {
    version: '0.3.0',
    commit: '0c41a67ef6dc1ce1ff30e254987ccccaf12aa032',
    entry: 'lib/consumer/kafka-handler.ts',
  },
];

/** The file of a release at its commit. */
export function gitShow(commit: string, path: string): string {
  return execFileSync('git', ['show', `${commit}:${path}`], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
}

/** The relative module specifiers of a TypeScript file (static, dynamic, re-exports). */
export function relativeImports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g))
    found.push(match[1]!);
  return found;
}

/** The entry and every file it reaches by relative imports, at the commit, sorted. */
export function closureAt(commit: string, entry: string, read = gitShow): Map<string, string> {
  const files = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    const text = read(commit, file);
    files.set(file, text);
    for (const specifier of relativeImports(text))
      queue.push(posix.normalize(posix.join(posix.dirname(file), specifier)));
  }
  return new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** Where a release's files go. */
export function releaseDir(version: string): string {
  return join(FIXTURES, `v${version}`);
}

function main(): void {
  const manifest: Record<string, { commit: string; entry: string; files: string[] }> = {};
  for (const release of RELEASES) {
    const files = closureAt(release.commit, release.entry);
    const dir = releaseDir(release.version);
    rmSync(dir, { recursive: true, force: true });
    for (const [path, text] of files) {
      const target = normalize(join(dir, path));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    manifest[release.version] = { commit: release.commit, entry: release.entry, files: [...files.keys()] };
    console.log(`v${release.version}: ${files.size} files from ${release.commit.slice(0, 7)}`);
  }
  writeFileSync(join(FIXTURES, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
