/**
 * The vendored code of previous releases (test/fixtures/releases/, written by
 * scripts/release-fixtures.ts) is what git history holds at their commits, byte for byte, and
 * complete: every file the entry imports is there. Without `.git` (or without those commits, in a
 * shallow clone) only completeness is checked, and the history test says why it was skipped.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { closureAt, FIXTURES, gitShow, RELEASES, ROOT, releaseDir } from '../../scripts/release-fixtures.ts';

const manifest = JSON.parse(readFileSync(join(FIXTURES, 'manifest.json'), 'utf8')) as Record<
  string,
  { commit: string; entry: string; files: string[] }
>;

function hasCommit(commit: string): boolean {
  if (!existsSync(join(ROOT, '.git'))) return false;
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('release fixtures', () => {
  for (const release of RELEASES) {
    const listed = manifest[release.version];

    test(`v${release.version}: the manifest names the release's commit and entry; the files are complete`, () => {
      assert.ok(listed, `manifest.json has v${release.version}: run node scripts/release-fixtures.ts`);
      assert.equal(listed.commit, release.commit);
      assert.equal(listed.entry, release.entry);
      // The entry's imports, followed through the vendored files themselves, are exactly those listed.
      const fromDisk = closureAt(release.commit, release.entry, (_commit, path) =>
        readFileSync(join(releaseDir(release.version), path), 'utf8'),
      );
      assert.deepEqual([...fromDisk.keys()], listed.files);
    });

    const why = hasCommit(release.commit) ? false : `no git history with ${release.commit.slice(0, 7)} here`;
    test(`v${release.version}: each file equals git show ${release.commit.slice(0, 7)}:<path>`, {
      skip: why,
    }, () => {
      const fromGit = closureAt(release.commit, release.entry);
      assert.deepEqual([...fromGit.keys()], listed!.files, 'the same files as at the commit');
      for (const [path, text] of fromGit) {
        const vendored = readFileSync(join(releaseDir(release.version), path), 'utf8');
        assert.ok(vendored === text, `${path} differs from ${release.commit.slice(0, 7)}: rerun the script`);
      }
      // The commit is the release it claims to be.
      assert.equal(JSON.parse(gitShow(release.commit, 'package.json')).version, release.version);
    });
  }
});
