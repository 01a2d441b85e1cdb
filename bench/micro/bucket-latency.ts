/**
 * The cluster's 0.25 ms call against the key format's bucket count (docs/performance.md, "The
 * cluster's 0.25 ms call against the bucket count"). `KEY_BUCKETS` is part of the key format, a
 * constant, so each count is a scratch copy of this commit (a git worktree in a temporary folder,
 * sharing node_modules) with that one line changed. Rounds run bench/micro/ab-latency.ts on a
 * cluster in each copy in turn, then once standalone (REDIS_URL, default 127.0.0.1:6379), and print
 * each cluster median beside the standalone one of its round: the machine drifts between rounds.
 *
 *   node bench/micro/bucket-latency.ts [rounds=3] [reps=21] [buckets=512,128,64]
 *
 * Needs a clean enough tree: the copies are of HEAD, not of uncommitted changes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const [rounds = 3, reps = 21] = process.argv.slice(2, 4).map(Number);
const buckets = (process.argv[4] ?? '512,128,64').split(',').map(Number);
const KEY_FILE = 'lib/contract/dedup-key.ts';
const LINE = /^export const KEY_BUCKETS = \d+;$/m;

function run(cwd: string, args: string[]): string {
  const out = spawnSync(process.execPath, ['--expose-gc', 'bench/micro/ab-latency.ts', ...args], {
    cwd,
    encoding: 'utf8',
    env: process.env,
  });
  if (out.status !== 0) throw new Error(`ab-latency in ${cwd} failed: ${out.stderr.slice(-500)}`);
  const last = out.stdout.trim().split('\n').at(-1)!;
  return (JSON.parse(last) as { median: string }).median;
}

const scratch = mkdtempSync(join(tmpdir(), 'bucket-latency-'));
const copies: { buckets: number; dir: string }[] = [];
try {
  for (const b of buckets) {
    const dir = join(scratch, `b${b}`);
    const added = spawnSync('git', ['worktree', 'add', '--detach', '-q', dir, 'HEAD'], { cwd: root });
    if (added.status !== 0) throw new Error(`git worktree add: ${added.stderr}`);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    const file = join(dir, KEY_FILE);
    const text = readFileSync(file, 'utf8');
    if (!LINE.test(text)) throw new Error(`${KEY_FILE}: no KEY_BUCKETS line to change`);
    writeFileSync(file, text.replace(LINE, `export const KEY_BUCKETS = ${b};`));
    copies.push({ buckets: b, dir });
  }
  console.log(`| round | ${buckets.map((b) => `B = ${b}`).join(' | ')} | standalone |`);
  for (let r = 1; r <= rounds; r++) {
    const cluster = copies.map((c) => Number(run(c.dir, [String(reps), '--cluster'])));
    const standalone = Number(run(root, [String(reps)]));
    const cells = cluster.map((ms) => `${ms.toFixed(1)} (${(ms / standalone).toFixed(2)}x)`);
    console.log(`| ${r} | ${cells.join(' | ')} | ${standalone.toFixed(1)} |`);
  }
} finally {
  for (const c of copies) spawnSync('git', ['worktree', 'remove', '--force', c.dir], { cwd: root });
  rmSync(scratch, { recursive: true, force: true });
}
