/**
 * Server time of the claim script over DONE marks (#33), per event, at the steady state of a
 * window: the marks of a whole window at 1,000 new events/s written by the store's own commit
 * (one hash per tag and mark bucket, ~80 fresh marks each, the stale ones of the slices before
 * deleted as the commit deletes them), against 0.3.0's claim (SET NX GET over string marks) in
 * the same run. One 1,000-key call per sample (standalone: the batch is one script):
 *
 * - fresh: 1,000 new events (the mark read, then the lease taken; the leases deleted after)
 * - dup newest: 1,000 events marked in the newest slice; dup oldest: in the oldest slice still fresh
 * - the two stores take turns, sample by sample, so that a loaded machine's noise falls on each alike.
 *
 * Server time: INFO commandstats usec of the script's command / 1,000; wall: the call's ms.
 * B/mark: used_memory after the marks were written, over the marks of the window + one slice (the
 * marks a claim may find fresh; the stale ones not yet deleted are part of the cost), and over the
 * fields the hashes hold. The window is short (320 s, slices of 80 s: 10 mark buckets per tag) at
 * 1,000/s: the same ~80 marks a hash as 24 h at 1,000/s with its 2,637 buckets.
 * Not part of `npm run bench`; starts its own redis-server on the port given.
 *
 * Run: node bench/micro/mark-claim.ts [port=7101] [samples=15]
 */
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract/dedup-key.ts';
import {
  MARK_SLICE_MODULUS,
  MARK_SLICES,
  markField,
  markHashKey,
  markLayout,
  markValue,
} from '../../lib/contract/dedup-mark.ts';
import { RedisDedupStore, STORE_SCRIPTS } from '../../lib/dedup/redis-store.ts';
import { startRedisServer } from '../../testkit/redis-server.ts';
import { median } from '../stats.ts';

const port = Number(process.argv[2] ?? 7101);
const samples = Number(process.argv[3] ?? 15);
const RATE = 1000;
const WINDOW_MS = 320_000;
const BATCH = 1000;
const layout = markLayout(WINDOW_MS, RATE);

// 0.3.0's claim script (its CLAIM_MANY_LUA): the lease, DONE a string key.
const LEASE_ONLY = `local out = {}
for i, key in ipairs(KEYS) do
  local old = redis.call('SET', key, ARGV[1], 'PX', ARGV[2], 'NX', 'GET')
  if not old or old == ARGV[1] then out[i] = 'c' elseif old == 'D' then out[i] = 'd' else out[i] = 'h' end
end
return table.concat(out)`;

const server = await startRedisServer({ port });
const redis = new Redis(server.url);
async function usec(command: RegExp = /cmdstat_eval(?:sha)?:calls=\d+,usec=(\d+)/g): Promise<number> {
  const stats = await redis.info('commandstats');
  let total = 0;
  for (const m of stats.matchAll(command)) total += Number(m[1]);
  return total;
}
async function usedMemory(): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
}
const sampleSets = (keys: string[]) =>
  Array.from({ length: samples }, (_, i) => keys.slice(i * BATCH, (i + 1) * BATCH));

interface Data {
  prefix: string;
  newest: string[][];
  oldest: string[][];
  bytes: number;
  bytesPerField?: number;
  commitUs?: number;
  /** Arguments after the keys, the script's shape. */
  /** Everything after the script's hash: the key count, the keys, the arguments. */
  args: (keys: string[]) => (string | number | Buffer)[];
  /** The same marks with each hash named in ARGV, not declared (the layout before the declaration). */
  undeclaredArgs?: (keys: string[]) => (string | number | Buffer)[];
}

// The claim before its mark hashes were declared: the hash named in ARGV per event ('' for none).
// Redis and Valkey run it; ElastiCache refuses a script touching keys it was not given. Measured
// beside the shipped script to tell what the declaration costs the server.
const UNDECLARED_LUA = `local out = {}
local now = tonumber(ARGV[3])
local n = tonumber(ARGV[4])
local a = 5
for i = 1, n do
  local key = KEYS[i]
  local found = false
  if ARGV[a] ~= '' then
    local v = redis.call('HGET', ARGV[a], ARGV[a + 1])
    if v then
      local age = (now - tonumber(v)) % ${MARK_SLICE_MODULUS}
      found = age <= ${MARK_SLICES} or age == ${MARK_SLICE_MODULUS - 1}
    end
  end
  a = a + 2
  if found then out[i] = 'd' else
    local old = redis.call('SET', key, ARGV[1], 'PX', ARGV[2], 'NX', 'GET')
    if not old or old == ARGV[1] then out[i] = 'c' elseif old == 'D' then out[i] = 'd' else out[i] = 'h' end
  end
end
return table.concat(out)`;

/**
 * The marks of 3 windows at RATE, committed by the store slice by slice (its clock set to each
 * slice), so that the hashes hold what they hold at the steady state: ~80 fresh marks and the
 * stale ones a commit has not deleted yet. The claims then run at the last slice.
 */
async function marks(): Promise<Data> {
  const prefix = dedupKeyPrefix('mark-claim-one', 'h');
  const start = Math.floor(Date.now() / layout.sliceMs);
  const slices = 3 * MARK_SLICES;
  let slice = start;
  const store = new RedisDedupStore({
    redis,
    eventsPerSecond: RATE,
    now: () => slice * layout.sliceMs + 1,
    commandTimeoutMs: 30_000,
  });
  const memory = await usedMemory();
  const perSlice = Math.round((RATE * layout.sliceMs) / 1000);
  let newest: string[][] = [];
  let oldest: string[][] = [];
  let commitUs = 0;
  const firstBatchUs: number[] = [];
  for (slice = start; slice < start + slices; slice++) {
    const keys = Array.from({ length: perSlice }, () => dedupKey(prefix, ulid()));
    const before = await usec();
    for (let at = 0; at < keys.length; at += BATCH) {
      const b = await usec();
      await store.commit(keys.slice(at, at + BATCH), 'o', WINDOW_MS);
      if (at === 0 && slice > start + MARK_SLICES) firstBatchUs.push((await usec()) - b);
    }
    if (slice === start + slices - 1) commitUs = ((await usec()) - before) / keys.length;
    if (slice === start + slices - 1) newest = sampleSets(keys);
    if (slice === start + slices - 1 - MARK_SLICES) oldest = sampleSets(keys);
  }
  const last = slice - 1;
  const fields = Number(
    await redis.eval(
      "local n = 0 local c = '0' repeat local r = redis.call('SCAN', c, 'MATCH', ARGV[1], 'COUNT', 1000) c = r[1] for _, h in ipairs(r[2]) do n = n + redis.call('HLEN', h) - 1 end until c == '0' return n",
      0,
      `${prefix}*:d*`,
    ),
  );
  const memoryNow = (await usedMemory()) - memory;
  const fresh = perSlice * (MARK_SLICES + 1);
  console.error(
    `[mark-claim] the first 1,000-key commit of a slice (every hash it meets cleaned): median ${(median(firstBatchUs) / 1000).toFixed(1)} ms, at most ${(Math.max(...firstBatchUs) / 1000).toFixed(1)} ms of server time (the last slice: ${commitUs.toFixed(1)} µs a key)`,
  );
  console.error(
    `[mark-claim] ${slices} slices of ${perSlice} marks, ${layout.buckets} buckets a tag; hashes hold ${fields} marks (${fresh} of the window + a slice)`,
  );
  const now = markValue(last);
  return {
    prefix,
    newest,
    oldest,
    bytes: memoryNow / fresh,
    bytesPerField: memoryNow / fields,
    commitUs,
    // As the store sends it: the lease keys, then the distinct mark hashes (declared), then one
    // string of 18 bytes a key: its hash's index (2 bytes) and its field.
    args: (keys) => {
      const hashes = new Map<string, number>();
      const packed = Buffer.alloc(keys.length * 18);
      keys.forEach((key, i) => {
        const hash = markHashKey(key, layout)!;
        let at = hashes.get(hash);
        if (at === undefined) {
          at = hashes.size + 1;
          hashes.set(hash, at);
        }
        packed.writeUInt16BE(at, i * 18);
        Buffer.from(markField(key.slice(key.indexOf('}') + 1))).copy(packed, i * 18 + 2);
      });
      return [
        keys.length + hashes.size,
        ...keys,
        ...hashes.keys(),
        'P:owner',
        30_000,
        now,
        keys.length,
        packed,
      ];
    },
    undeclaredArgs: (keys) => {
      const perKey: (string | Buffer)[] = [];
      for (const key of keys)
        perKey.push(markHashKey(key, layout)!, Buffer.from(markField(key.slice(key.indexOf('}') + 1))));
      return [keys.length, ...keys, 'P:owner', 30_000, now, keys.length, ...perKey];
    },
  };
}

/** 0.3.0's DONE marks: a string key 'D' per event. */
async function strings(): Promise<Data> {
  const prefix = dedupKeyPrefix('mark-claim-030', 'h');
  const keys = Array.from({ length: samples * BATCH }, () => dedupKey(prefix, ulid()));
  const memory = await usedMemory();
  const p = redis.pipeline();
  for (const key of keys) p.set(key, 'D', 'PX', 3_600_000);
  await p.exec();
  const bytes = ((await usedMemory()) - memory) / keys.length;
  const sets = sampleSets(keys);
  return {
    prefix,
    newest: sets,
    oldest: sets,
    bytes,
    args: (keys) => [keys.length, ...keys, 'P:owner', 30_000],
  };
}

try {
  await redis.flushall();
  const shipped = await marks();
  const variants = [
    {
      name: 'one hash a bucket (shipped: hashes declared), window/4',
      lua: STORE_SCRIPTS.CLAIM_MARKS_LUA!,
      data: shipped,
    },
    {
      name: 'the same, hashes named in ARGV (undeclared)',
      lua: UNDECLARED_LUA,
      data: { ...shipped, args: shipped.undeclaredArgs! },
    },
    { name: '0.3.0: the lease, DONE a string key', lua: LEASE_ONLY, data: await strings() },
  ];
  const shas = await Promise.all(variants.map((v) => redis.script('LOAD', v.lua) as Promise<string>));
  const figures = variants.map(() => ({
    fresh: [] as number[][],
    newest: [] as number[][],
    oldest: [] as number[][],
  }));
  const call = async (i: number, keys: string[], into: number[][]) => {
    const args = variants[i]!.data.args(keys);
    const before = await usec();
    const t = performance.now();
    const reply = (await redis.evalsha(
      shas[i]!,
      ...(args as [number, ...(string | number | Buffer)[]]),
    )) as string;
    const ms = performance.now() - t;
    into.push([((await usec()) - before) / keys.length, ms]);
    return reply;
  };
  for (let round = 0; round < samples; round++) {
    for (let i = 0; i < variants.length; i++) {
      const d = variants[i]!.data;
      const fresh = Array.from({ length: BATCH }, () => dedupKey(d.prefix, ulid()));
      const got = await call(i, fresh, figures[i]!.fresh);
      if (got !== 'c'.repeat(BATCH)) throw new Error(`${variants[i]!.name}: new events not all claimed`);
      await redis.del(...fresh);
      if ((await call(i, d.newest[round]!, figures[i]!.newest)) !== 'd'.repeat(BATCH))
        throw new Error(`${variants[i]!.name}: newest duplicates not all done`);
      if ((await call(i, d.oldest[round]!, figures[i]!.oldest)) !== 'd'.repeat(BATCH))
        throw new Error(`${variants[i]!.name}: oldest duplicates not all done`);
    }
  }
  const cell = (pairs: number[][]) =>
    `${median(pairs.map((p) => p[0]!)).toFixed(2)} µs (${median(pairs.map((p) => p[1]!)).toFixed(1)} ms)`;
  console.log(`Claim script, server µs per event (wall ms of the 1,000-key call), median of ${samples}:`);
  console.log(
    '| store | B/mark (per field held) | µs/commit | new event | duplicate, newest slice | duplicate, oldest slice |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [i, v] of variants.entries()) {
    const d = v.data;
    const f = figures[i]!;
    const perField = d.bytesPerField === undefined ? '' : ` (${d.bytesPerField.toFixed(1)})`;
    console.log(
      `| ${v.name} | ${d.bytes.toFixed(1)}${perField} | ${d.commitUs?.toFixed(2) ?? '-'} | ${cell(f.fresh)} | ${cell(f.newest)} | ${cell(f.oldest)} |`,
    );
  }
} finally {
  redis.disconnect();
  await server.stop();
}
