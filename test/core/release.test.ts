/**
 * The release as a team installs it: the version it says is the version it is (package.json, the
 * lock's root entries, `msk-once --version`, the CHANGELOG's newest section), and every file the
 * package cites ships with it (scripts/cited-files.ts over `npm pack --dry-run --json`; pack-check
 * runs the same check over the packed tarball).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { main, PACKAGE_VERSION } from '../../cli/main.ts';
import { checkCitedFiles, citedPaths, describeMissing } from '../../scripts/cited-files.ts';
import { captureProcessOutput } from '../../testkit/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const pkg = JSON.parse(read('package.json')) as { version: string };

describe('the version', () => {
  test('package.json, the lock, msk-once --version and the newest CHANGELOG section say the same', async () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      version: string;
      packages: Record<string, { version: string }>;
    };
    assert.equal(lock.version, pkg.version, 'package-lock.json "version"');
    assert.equal(lock.packages['']!.version, pkg.version, 'package-lock.json packages[""].version');
    assert.equal(PACKAGE_VERSION, pkg.version);
    const { result, text } = await captureProcessOutput(() => main(['--version']));
    assert.equal(result, 0);
    assert.equal(text.trim(), pkg.version);
    const newest = read('CHANGELOG.md').match(/^## (\S+)/m)?.[1];
    assert.equal(newest, pkg.version, "the CHANGELOG's newest section is the package's version");
  });
});

describe('every file the package cites ships with it', () => {
  test('npm pack --dry-run: each cited doc ships, each cited source ships compiled', () => {
    const listed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as [{ files: { path: string }[] }];
    // dist/ is built by prepack: stand in for it with the published parts' sources (what tsc
    // compiles into it), read as the .js they become.
    const files = listed[0].files.map((f) => f.path).filter((path) => !path.startsWith('dist/'));
    const sources = new Map<string, string>();
    for (const part of ['lib', 'cli', 'emulator', 'testkit', 'infra/cdk']) {
      for (const name of readdirSync(join(ROOT, part), { recursive: true }) as string[]) {
        const path = relative(ROOT, join(ROOT, part, name));
        if (path.endsWith('.ts') && !path.endsWith('.test.ts'))
          sources.set(`dist/${path.replace(/\.ts$/, '.js')}`, path);
      }
    }
    const report = checkCitedFiles([...files, ...sources.keys()], (file) => read(sources.get(file) ?? file));
    assert.equal(report.missing.length, 0, `cited, not shipped:\n${describeMissing(report.missing)}`);
    assert.ok(report.shipped >= 40, `only ${report.shipped} cited files found: is the scan looking?`);
  });

  test('what counts as a citation, and what is missing', () => {
    assert.deepEqual(
      citedPaths(
        'infra/README.md',
        'see docs/performance.md and [lost](../docs/runbook.md#records-lost), lib/dedup/key.ts; not https://x.org/docs/y.md',
      ).sort(),
      ['docs/performance.md', 'docs/runbook.md', 'lib/dedup/key.ts'],
    );
    const texts: Record<string, string> = {
      'README.md': 'docs/a.md, docs/gone.md, test/core/x.test.ts, cli/main.ts, lib/kept.ts, infra/README.md',
      'docs/a.md': 'back to README',
      'dist/lib/kept.js': '// lib/contract.ts',
      'dist/lib/contract.d.ts': '',
    };
    const report = checkCitedFiles(Object.keys(texts), (file) => texts[file]!);
    assert.deepEqual(
      report.missing.map((m) => m.path),
      ['cli/main.ts', 'docs/gone.md', 'infra/README.md'],
    );
    assert.deepEqual(
      report.repositoryOnly.map((m) => m.path),
      ['test/core/x.test.ts'],
    );
    assert.equal(report.shipped, 3);
  });
});
