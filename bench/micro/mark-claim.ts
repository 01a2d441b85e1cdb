/**
 * Server time of the claim script over DONE marks (#33), per event, at the steady state of a
 * window: every slice a claim reads holds its hash with ~78 marks (a hash per tag and slice at
 * 1,000 new events/s), as a 24 h window at its declared rate ends up. Variants of the script,
 * each on the same data, one 1,000-key call per sample (standalone: the batch is one script):
 *
 * - fresh: 1,000 new events (every slice read, then the lease taken; the leases deleted after)
 * - dup newest: 1,000 events marked in the newest slice; dup oldest: in the oldest slice read
 * - against 0.3.0's claim (SET NX GET) on its string marks, in the same run: the variants take
 *   turns, sample by sample, so that a loaded machine's noise falls on each alike.
 *
 * Server time: INFO commandstats usec of the script's command / 1,000; wall: the call's ms.
 * The window is short (320 s, slices of 40 s: one mark bucket per tag, so the data is 512 hashes
 * a slice) and the rate 1,000/s: the same ~78 fields a hash as 24 h at 1,000/s with its buckets.
 * Not part of `npm run bench`; starts its own redis-server on the port given.
 *
 * Run: node bench/micro/mark-claim.ts [port=7101] [samples=15] [variants: a regular expression of their names]
 */
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix, eventIdOfKey, KEY_BUCKETS } from '../../lib/contract/dedup-key.ts';
import { type MarkLayout, markField, markHashStem } from '../../lib/contract/dedup-mark.ts';
import { STORE_SCRIPTS } from '../../lib/dedup/redis-store.ts';
import { startRedisServer } from '../../testkit/redis-server.ts';
import { median } from '../stats.ts';

const port = Number(process.argv[2] ?? 7101);
const samples = Number(process.argv[3] ?? 15);
const RATE = 1000;
const WINDOW_MS = 320_000;
const BATCH = 1000;

/** A claim script's arguments for `keys`, the store's shape: value, lease, n, slices, then per event. */
type ArgsOf = (keys: string[], layout: MarkLayout, slices: number[]) => (string | number | Buffer)[];

const stemAndField: ArgsOf = (keys, layout, slices) => {
  const args: (string | number | Buffer)[] = ['P:owner', 30_000, slices.length, ...slices];
  for (const key of keys) args.push(markHashStem(key, layout)!, Buffer.from(markField(eventIdOfKey(key)!)));
  return args;
};

// Names each hash once per (stem, slice) and call, lazily: a duplicate found in the newest slice
// builds one name.
const CACHED_NAMES = `local out = {}
local n = tonumber(ARGV[3])
local a = 4 + n
local names = {}
for i, key in ipairs(KEYS) do
  local stem = ARGV[a]
  local field = ARGV[a + 1]
  a = a + 2
  local found = false
  if stem ~= '' then
    local hs = names[stem]
    if not hs then hs = {} names[stem] = hs end
    for j = 1, n do
      local h = hs[j]
      if not h then h = stem .. ARGV[3 + j] hs[j] = h end
      if redis.call('HEXISTS', h, field) == 1 then found = true break end
    end
  end
  if found then out[i] = 'd' else
    local old = redis.call('SET', key, ARGV[1], 'PX', ARGV[2], 'NX', 'GET')
    if not old or old == ARGV[1] then out[i] = 'c' elseif old == 'D' then out[i] = 'd' else out[i] = 'h' end
  end
end
return table.concat(out)`;

// One argument per event (its field); the stem from the key's tag and the field's last 4 bytes
// (the bucket: with one bucket a tag, as here, always 0, but computed).
const FIELD_ONLY = `local out = {}
local n = tonumber(ARGV[3])
local buckets = tonumber(ARGV[4 + n])
local a = 5 + n
for i, key in ipairs(KEYS) do
  local field = ARGV[a]
  a = a + 1
  local found = false
  if field ~= '' then
    local b1, b2, b3, b4 = string.byte(field, 13, 16)
    local stem = string.sub(key, 1, string.find(key, '}', 1, true)) .. ':d' .. (((b1 * 256 + b2) * 256 + b3) * 256 + b4) % buckets .. ':'
    for j = 4, 3 + n do
      if redis.call('HEXISTS', stem .. ARGV[j], field) == 1 then found = true break end
    end
  end
  if found then out[i] = 'd' else
    local old = redis.call('SET', key, ARGV[1], 'PX', ARGV[2], 'NX', 'GET')
    if not old or old == ARGV[1] then out[i] = 'c' elseif old == 'D' then out[i] = 'd' else out[i] = 'h' end
  end
end
return table.concat(out)`;
const fieldOnly: ArgsOf = (keys, layout, slices) => {
  const args: (string | number | Buffer)[] = ['P:owner', 30_000, slices.length, ...slices, layout.buckets];
  for (const key of keys) args.push(Buffer.from(markField(eventIdOfKey(key)!)));
  return args;
};

// The lease only, as 0.3.0 (the floor a mark script is compared with).
const LEASE_ONLY = `local out = {}
for i, key in ipairs(KEYS) do
  local old = redis.call('SET', key, ARGV[1], 'PX', ARGV[2], 'NX', 'GET')
  if not old or old == ARGV[1] then out[i] = 'c' elseif old == 'D' then out[i] = 'd' else out[i] = 'h' end
end
return table.concat(out)`;

interface Variant {
  name: string;
  /** The data it reads: marks in slices of window / this, or (0) 0.3.0's string marks. */
  slicesPerWindow: number;
  /** Marks a slice's hash holds at RATE (the layout's buckets follow). */
  fieldsPerHash: number;
  /** Read the slice after the newest (a writer's clock ahead). */
  next: boolean;
  lua: string;
  args: ArgsOf;
  /**
   * One hash per mark bucket for the whole window, a mark's value its slice (mod 8192), instead of
   * a hash per slice: one HGET a claim, whatever the slice count (a commit would delete the fields
   * of slices past the window when the hash grows past its fill: not measured here).
   */
  oneHash?: boolean;
}

// One hash a bucket, the value of a mark its slice mod 8192: one read, then the slice compared.
const ONE_HASH = `local out = {}
local oldest = tonumber(ARGV[3])
local span = tonumber(ARGV[4])
local a = 5
for i, key in ipairs(KEYS) do
  local stem = ARGV[a]
  local field = ARGV[a + 1]
  a = a + 2
  local found = false
  if stem ~= '' then
    local v = redis.call('HGET', stem, field)
    if v and (tonumber(v) - oldest) % 8192 <= span then found = true end
  end
  if found then out[i] = 'd' else
    local old = redis.call('SET', key, ARGV[1], 'PX', ARGV[2], 'NX', 'GET')
    if not old or old == ARGV[1] then out[i] = 'c' elseif old == 'D' then out[i] = 'd' else out[i] = 'h' end
  end
end
return table.concat(out)`;
const oneHashArgs: ArgsOf = (keys, layout, slices) => {
  const oldest = Math.min(...slices);
  const args: (string | number | Buffer)[] = ['P:owner', 30_000, oldest % 8192, Math.max(...slices) - oldest];
  for (const key of keys) args.push(markHashStem(key, layout)!, Buffer.from(markField(eventIdOfKey(key)!)));
  return args;
};

const shipped = STORE_SCRIPTS.CLAIM_MARKS_LUA!;
const ALL_VARIANTS: Variant[] = [
  {
    name: 'one hash a bucket, value the slice: window/4, 80 fields, +next',
    slicesPerWindow: 4,
    fieldsPerHash: 80,
    next: true,
    lua: ONE_HASH,
    args: oneHashArgs,
    oneHash: true,
  },
  {
    name: 'one hash a bucket, value the slice: window/16, 80 fields, +next',
    slicesPerWindow: 16,
    fieldsPerHash: 80,
    next: true,
    lua: ONE_HASH,
    args: oneHashArgs,
    oneHash: true,
  },
  {
    name: 'shipped: window/8, 80 fields, +next',
    slicesPerWindow: 8,
    fieldsPerHash: 80,
    next: true,
    lua: shipped,
    args: stemAndField,
  },
  {
    name: 'names cached: window/8, 80 fields, +next',
    slicesPerWindow: 8,
    fieldsPerHash: 80,
    next: true,
    lua: CACHED_NAMES,
    args: stemAndField,
  },
  {
    name: 'field only: window/8, 80 fields, +next',
    slicesPerWindow: 8,
    fieldsPerHash: 80,
    next: true,
    lua: FIELD_ONLY,
    args: fieldOnly,
  },
  {
    name: 'window/8, 80 fields, no next',
    slicesPerWindow: 8,
    fieldsPerHash: 80,
    next: false,
    lua: shipped,
    args: stemAndField,
  },
  {
    name: 'window/4, 80 fields, +next',
    slicesPerWindow: 4,
    fieldsPerHash: 80,
    next: true,
    lua: shipped,
    args: stemAndField,
  },
  {
    name: 'window/4, 80 fields, no next',
    slicesPerWindow: 4,
    fieldsPerHash: 80,
    next: false,
    lua: shipped,
    args: stemAndField,
  },
  {
    name: 'window/8, 40 fields, +next',
    slicesPerWindow: 8,
    fieldsPerHash: 40,
    next: true,
    lua: shipped,
    args: stemAndField,
  },
  {
    name: 'window/4, 40 fields, +next',
    slicesPerWindow: 4,
    fieldsPerHash: 40,
    next: true,
    lua: shipped,
    args: stemAndField,
  },
  {
    name: 'window/4, 20 fields, +next',
    slicesPerWindow: 4,
    fieldsPerHash: 20,
    next: true,
    lua: shipped,
    args: stemAndField,
  },
  {
    name: '0.3.0: the lease, DONE a string key',
    slicesPerWindow: 0,
    fieldsPerHash: 0,
    next: false,
    lua: LEASE_ONLY,
    args: () => ['P:owner', 30_000],
  },
];
/** The variants whose name matches the third argument (a regular expression), and 0.3.0's. */
const only = process.argv[4] ? new RegExp(process.argv[4]) : undefined;
const VARIANTS = ALL_VARIANTS.filter((v) => !only || only.test(v.name) || v.slicesPerWindow === 0);

const server = await startRedisServer({ port });
const redis = new Redis(server.url);
async function usec(): Promise<number> {
  const stats = await redis.info('commandstats');
  let total = 0;
  for (const m of stats.matchAll(/cmdstat_eval(?:sha)?:calls=\d+,usec=(\d+)/g)) total += Number(m[1]);
  return total;
}

/** The keys a claim is measured on: new ones, and DONE ones (newest slice, oldest slice read). */
interface Data {
  prefix: string;
  layout: MarkLayout;
  slices: number[];
  newest: string[][];
  oldest: string[][];
  /** used_memory per mark written (0.3.0: per string key). */
  bytes: number;
}

async function usedMemory(): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
}

const sampleSets = (keys: string[]) =>
  Array.from({ length: samples }, (_, i) => keys.slice(i * BATCH, (i + 1) * BATCH));

/** The marks of a full window at RATE in slices of window / k, written as commits write them. */
async function marks(k: number, n: number, oneHash = false): Promise<Data> {
  const prefix = dedupKeyPrefix(`mark-claim-${k}-${n}${oneHash ? '-one' : ''}`, 'h');
  const sliceMs = Math.ceil(WINDOW_MS / k);
  const layout: MarkLayout = {
    windowMs: WINDOW_MS,
    sliceMs,
    // One hash a bucket holds the marks of every slice read (k + 1), else one slice's.
    buckets: Math.ceil(((RATE * sliceMs) / 1000 / KEY_BUCKETS / n) * (oneHash ? k + 1 : 1)),
  };
  const hashOf = (key: string, s: number) => markHashStem(key, layout)! + (oneHash ? '' : s);
  const memory = await usedMemory();
  const now = Date.now();
  const newestSlice = Math.floor(now / sliceMs);
  const oldestSlice = Math.floor((now - WINDOW_MS) / sliceMs);
  const slices: number[] = [];
  for (let s = newestSlice; s >= oldestSlice; s--) slices.push(s);
  const perSlice = Math.round((RATE * sliceMs) / 1000);
  let newest: string[][] = [];
  let oldest: string[][] = [];
  for (const s of slices) {
    const keys = Array.from({ length: perSlice }, () => dedupKey(prefix, ulid()));
    for (let at = 0; at < keys.length; at += 5000) {
      const p = redis.pipeline();
      for (const key of keys.slice(at, at + 5000))
        p.hset(hashOf(key, s), Buffer.from(markField(eventIdOfKey(key)!)), oneHash ? s % 8192 : 1);
      await p.exec();
    }
    // Each hash's expiry, as a commit sets it (an entry of the expires dict a hash).
    const p = redis.pipeline();
    for (const key of keys) p.pexpire(hashOf(key, s), 3 * WINDOW_MS);
    await p.exec();
    if (s === newestSlice) newest = sampleSets(keys);
    if (s === oldestSlice) oldest = sampleSets(keys);
  }
  const bytes = ((await usedMemory()) - memory) / (perSlice * slices.length);
  console.error(
    `[mark-claim] window/${k}, ${n} fields: ${slices.length} slices of ${perSlice} marks, ${layout.buckets} buckets`,
  );
  return { prefix, layout, slices, newest, oldest, bytes };
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
  const layout = { windowMs: WINDOW_MS, sliceMs: WINDOW_MS, buckets: 1 };
  return { prefix, layout, slices: [], newest: sets, oldest: sets, bytes };
}

try {
  await redis.flushall();
  const data = new Map<string, Data>();
  const dataKey = (v: Variant) => `${v.slicesPerWindow}/${v.fieldsPerHash}/${v.oneHash === true}`;
  for (const v of VARIANTS)
    if (!data.has(dataKey(v)))
      data.set(
        dataKey(v),
        v.slicesPerWindow === 0
          ? await strings()
          : await marks(v.slicesPerWindow, v.fieldsPerHash, v.oneHash),
      );
  const shas = await Promise.all(VARIANTS.map((v) => redis.script('LOAD', v.lua) as Promise<string>));
  const figures = VARIANTS.map(() => ({
    fresh: [] as number[][],
    newest: [] as number[][],
    oldest: [] as number[][],
  }));
  const call = async (i: number, keys: string[], into: number[][]) => {
    const variant = VARIANTS[i]!;
    const d = data.get(dataKey(variant))!;
    const slices = variant.next ? [...d.slices, d.slices[0]! + 1] : d.slices;
    const args = variant.args(keys, d.layout, slices);
    const before = await usec();
    const t = performance.now();
    await redis.evalsha(shas[i]!, keys.length, ...keys, ...args);
    const ms = performance.now() - t;
    into.push([((await usec()) - before) / keys.length, ms]);
  };
  // Round-robin: each sample of each variant, then the next sample, so that the machine's load
  // falls on every variant alike.
  for (let round = 0; round < samples; round++) {
    for (let i = 0; i < VARIANTS.length; i++) {
      const d = data.get(dataKey(VARIANTS[i]!))!;
      const fresh = Array.from({ length: BATCH }, () => dedupKey(d.prefix, ulid()));
      await call(i, fresh, figures[i]!.fresh);
      await redis.del(...fresh);
      await call(i, d.newest[round]!, figures[i]!.newest);
      await call(i, d.oldest[round]!, figures[i]!.oldest);
    }
  }
  const cell = (pairs: number[][]) =>
    `${median(pairs.map((p) => p[0]!)).toFixed(2)} µs (${median(pairs.map((p) => p[1]!)).toFixed(1)} ms)`;
  console.log(`Claim script, server µs per event (wall ms of the 1,000-key call), median of ${samples}:`);
  console.log(
    '| variant | B/mark | hashes read (new event) | new event | duplicate, newest slice | duplicate, oldest slice |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [i, v] of VARIANTS.entries()) {
    const d = data.get(dataKey(v))!;
    const f = figures[i]!;
    console.log(
      `| ${v.name} | ${d.bytes.toFixed(1)} | ${v.oneHash ? 1 : d.slices.length + (v.next ? 1 : 0)} | ${cell(f.fresh)} | ${cell(f.newest)} | ${cell(f.oldest)} |`,
    );
  }
} finally {
  redis.disconnect();
  await server.stop();
}
