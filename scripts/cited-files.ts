/**
 * Every file the package cites ships with it. The shipped docs (.md), declarations (.d.ts) and
 * JavaScript (.js) name repository paths (`docs/performance.md`, `lib/contract.ts`,
 * `infra/README.md`, a relative Markdown link); a reader of the installed package must be able to
 * open each one:
 *
 * - a cited document (`.md`) ships, always;
 * - a cited source file of a published part (`lib/`, `cli/`, `emulator/`, `testkit/`,
 *   `infra/cdk/`) ships compiled (`dist/<path>.js` or `.d.ts`);
 * - a cited file of the repository's own tests, tools and example app (`test/`, `bench/`,
 *   `scripts/`, `model/`, `functions/`, `demo/`, `testkit/internal/`, `infra/*.ts`) is evidence kept in the repository,
 *   never shipped (pack-check refuses a tarball with tests), and is only counted;
 * - any other cited path, or one that does not exist at all, is missing.
 *
 * Used by scripts/pack-check.sh over the packed tarball and by test/core/release.test.ts over
 * `npm pack --dry-run --json`.
 */
import { posix } from 'node:path';

/** Folders whose files a shipped text may cite as the repository's evidence, not shipped. */
export const REPOSITORY_ONLY =
  /^(test|bench|scripts|model|functions|demo|testkit\/internal)\/|^infra\/[^/]+\.ts$/;

/** A repository path written in a text: `docs/x.md`, `lib/dedup/key.ts` (not a URL's tail). */
const CITED_PATH =
  /(?<![\w@./:-])((?:docs|infra|lib|test|testkit|cli|emulator|scripts|bench|functions|demo|model)\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.(?:md|ts|mts|js|mjs|json|sh|pml|txt))\b/g;
/** A relative Markdown link target: `[runbook](../docs/runbook.md#records-lost)`. */
const MARKDOWN_LINK = /\]\((?!https?:|mailto:|#)([^)#\s]+)(?:#[^)\s]*)?\)/g;

export interface CitedFile {
  /** The repository path cited. */
  path: string;
  /** The shipped files that cite it. */
  citedBy: string[];
}

export interface CitedFilesReport {
  /** Cited files the package does not carry: each is a reference a reader cannot open. */
  missing: CitedFile[];
  /** Cited files of the repository's own tests and tools (evidence, not shipped by design). */
  repositoryOnly: CitedFile[];
  /** How many distinct shipped files were cited and found in the package. */
  shipped: number;
}

/** The repository paths `text` (the shipped file `file`) cites. */
export function citedPaths(file: string, text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(CITED_PATH)) found.add(match[1]!);
  if (file.endsWith('.md')) {
    for (const match of text.matchAll(MARKDOWN_LINK)) {
      const target = posix.normalize(posix.join(posix.dirname(file), match[1]!));
      if (!target.startsWith('../') && /\.[a-z]+$/.test(target)) found.add(target);
    }
  }
  return [...found];
}

/**
 * Checks the shipped files `files` (package-relative paths, as `npm pack` lists them), reading the
 * text of each scanned one with `read`.
 */
export function checkCitedFiles(files: readonly string[], read: (file: string) => string): CitedFilesReport {
  const shipped = new Set(files);
  const citations = new Map<string, Set<string>>();
  for (const file of files) {
    if (!/\.(md|d\.ts|js)$/.test(file)) continue;
    for (const path of citedPaths(file, read(file))) {
      if (path === file) continue;
      const by = citations.get(path) ?? new Set<string>();
      by.add(file);
      citations.set(path, by);
    }
  }
  const report: CitedFilesReport = { missing: [], repositoryOnly: [], shipped: 0 };
  for (const [path, by] of [...citations].sort(([a], [b]) => a.localeCompare(b))) {
    const cited = { path, citedBy: [...by].sort() };
    const compiled = path.replace(/\.m?ts$/, '');
    if (shipped.has(path) || shipped.has(`dist/${compiled}.js`) || shipped.has(`dist/${compiled}.d.ts`)) {
      report.shipped++;
    } else if (!path.endsWith('.md') && REPOSITORY_ONLY.test(path)) {
      report.repositoryOnly.push(cited);
    } else {
      report.missing.push(cited);
    }
  }
  return report;
}

/** One line per missing file, naming who cites it. */
export function describeMissing(missing: readonly CitedFile[]): string {
  return missing.map((m) => `${m.path} (cited by ${m.citedBy.join(', ')})`).join('\n');
}

// `node scripts/cited-files.ts <dir>`: check an unpacked package (pack-check), exit 1 on a missing file.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { readdirSync, readFileSync } = await import('node:fs');
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node scripts/cited-files.ts <unpacked package directory>');
  const files = (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => posix.relative(dir, posix.join(entry.parentPath, entry.name)));
  const report = checkCitedFiles(files, (file) => readFileSync(posix.join(dir, file), 'utf8'));
  if (report.missing.length > 0) {
    console.error(`FAIL: the package cites ${report.missing.length} files it does not ship:`);
    console.error(describeMissing(report.missing));
    process.exit(1);
  }
  console.log(
    `cited files: ${report.shipped} shipped; ${report.repositoryOnly.length} of the repository's tests and tools named as evidence (not shipped by design)`,
  );
}
