#!/usr/bin/env bash
# What issue 24's new user did, from the packed tarball in a project of its own (no type
# stripping, no file of this repository): an Avro `order-paid` consumer reading writer schemas from
# a Confluent registry (schemaRegistryFromEnv), its test with the test kit (a local Confluent
# registry over HTTP, encodeWithSchema, mskRecord), `msk-once local` with Avro payloads (exit 0,
# every good event's effect once, the poison order in the DLQ; exit 1 when the handler rejects good
# events), `msk-once dlq` decoding the Avro DLQ dump, and the triage of the run offline.
# TARBALL=<path> reuses a packed tarball (scripts/pack-check.sh passes its own); else it packs one.
# Offline: the project's dependencies are the repository's node_modules (linked).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
NODE=$ROOT/node_modules/.bin/node
export PATH=$ROOT/node_modules/.bin:$PATH
started=$(date +%s)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [ -z "${TARBALL:-}" ]; then
  npm pack --silent --pack-destination "$WORK" >"$WORK/pack.txt"
  TARBALL=$WORK/$(tail -1 "$WORK/pack.txt")
fi

APP=$WORK/orders
mkdir -p "$APP/node_modules/msk-once" "$APP/node_modules/.bin"
for dep in "$ROOT"/node_modules/*; do
  name=$(basename "$dep")
  [ "$name" = "msk-once" ] || [ "$name" = ".bin" ] || ln -s "$dep" "$APP/node_modules/$name"
done
tar xzf "$TARBALL" -C "$APP/node_modules/msk-once" --strip-components=1
ln -s ../msk-once/dist/cli/main.js "$APP/node_modules/.bin/msk-once"
echo '{ "name": "orders", "private": true, "type": "module" }' >"$APP/package.json"
run() { (cd "$APP" && NODE_OPTIONS=--no-experimental-strip-types "$@"); }
fail() {
  echo "FAIL: $1" >&2
  shift
  for f in "$@"; do cat "$APP/$f" >&2; done
  exit 1
}

cat >"$APP/order-paid.avsc" <<'JSON'
{ "type": "record", "name": "OrderPaid", "namespace": "shop",
  "fields": [ { "name": "orderId", "type": "string" }, { "name": "amountCents", "type": "long" } ] }
JSON
cat >"$APP/handler.mjs" <<'JS'
import { readFileSync } from 'node:fs';
import { dedupConfigFromEnv, kafkaHandler } from 'msk-once';
import { avro, schemaRegistryFromEnv } from 'msk-once/formats';
const schema = readFileSync(new URL('./order-paid.avsc', import.meta.url), 'utf8');
const registry = schemaRegistryFromEnv();
const value = avro(registry ? { schema, registry } : { schema });
export const handler = kafkaHandler({
  handlerName: 'on-order-paid',
  ...dedupConfigFromEnv(),
  value,
  async handle(message) {
    if (message.payload.amountCents < 0) throw new Error(`order ${message.payload.orderId}: negative amount`);
  },
});
// A handler that rejects good events: msk-once local must fail it.
export const rejectsGood = kafkaHandler({
  handlerName: 'on-order-paid-broken',
  ...dedupConfigFromEnv(),
  value,
  async handle(message) {
    throw new Error(`order ${message.payload.orderId}: payment service not configured`);
  },
});
JS
cat >"$APP/handler.test.mjs" <<'JS'
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { encodeWithSchema, failedOffsets, findRedis, lambdaContext, mskEvent, mskRecord, startLocalConfluentRegistry } from 'msk-once/testkit';
const registry = await startLocalConfluentRegistry();
const schema = readFileSync(new URL('./order-paid.avsc', import.meta.url), 'utf8');
const schemaId = registry.register('order-paid-value', schema);
const redis = await findRedis(process.env, { preferOwn: true });
process.env.KAFKA_SCHEMA_REGISTRY_URI = registry.url;
process.env.DEDUP_REDIS_URL = redis.url;
process.env.POWERTOOLS_SERVICE_NAME = `orders-test-${process.pid}`;
const { handler } = await import('./handler.mjs');
after(async () => {
  await handler.close();
  await registry.stop();
  await redis.started?.stop();
});
const order = (offset, payload) =>
  mskRecord({
    topic: 'order-paid',
    offset,
    rawValue: encodeWithSchema({ format: 'avro', schema }, payload, { wire: 'confluent', schemaId }).toString('base64'),
  });
test('an Avro order is handled; the negative one is reported failed', async () => {
  const event = mskEvent([order(1, { orderId: 'o-1', amountCents: 100 }), order(2, { orderId: 'o-2', amountCents: -5 })]);
  assert.deepEqual(failedOffsets(await handler(event, lambdaContext())), ['order-paid-0@2']);
  assert.ok(registry.lookups() >= 1, 'the writer schema came from the registry');
});
JS
run node --test handler.test.mjs >"$APP/test.out" 2>&1 || fail "the consumer's test with the test kit" test.out
echo "the Avro consumer's test (test kit, local Confluent registry) passed"

for i in 1 2 3 4 5 6; do echo "{\"orderId\":\"o-$i\",\"amountCents\":$((i * 100))}"; done >"$APP/orders.jsonl"
echo '{"orderId":"o-bad","amountCents":-5}' >"$APP/poison.jsonl"
LOCAL=(--payloads orders.jsonl --poison-payloads poison.jsonl --format avro --schema order-paid.avsc
  --partitions 2 --batch-size 4 --crash-after 0 --no-redis-outage --reading resume-from-lowest)
run npx --no-install msk-once local --handler ./handler.mjs "${LOCAL[@]}" --dlq-file dlq.jsonl --output run.jsonl \
  >"$APP/local.txt" 2>"$APP/local.err" || fail "msk-once local with Avro payloads" local.txt local.err
grep -q 'values Avro in the Confluent wire format' "$APP/local.err" || fail "the run did not publish Avro" local.err
grep -Eq 'effects that happened +6 .*6 had exactly one' "$APP/local.txt" || fail "not every good event once" local.txt
grep -q 'OK: every event had its effect exactly once' "$APP/local.txt" || fail "no OK verdict" local.txt
echo "msk-once local with Avro payloads: exit 0, each of the 6 good orders once, the poison order in the DLQ"

if run npx --no-install msk-once local --handler ./handler.mjs#rejectsGood "${LOCAL[@]}" --batch-size 10 >"$APP/broken.txt" 2>&1; then
  fail "msk-once local exited 0 for a handler that rejects good events" broken.txt
fi
grep -q 'FAILED: 6 good event(s) did not take effect' "$APP/broken.txt" || fail "the failure is not named" broken.txt
echo "msk-once local with a handler that rejects good events: exit 1, the 6 orders named"

run npx --no-install msk-once dlq dlq.jsonl --format avro --schema order-paid.avsc >"$APP/dlq.txt" 2>&1 ||
  fail "msk-once dlq" dlq.txt
grep -q '{"orderId":"o-bad","amountCents":-5}' "$APP/dlq.txt" || fail "the Avro DLQ value is not decoded" dlq.txt
echo "msk-once dlq decoded the Avro DLQ dump"

run npx --no-install msk-once triage --from run.jsonl >"$APP/triage.txt" 2>&1 || fail "msk-once triage --from" triage.txt
grep -q 'would have fired' "$APP/triage.txt" || fail "the triage printed no judgement" triage.txt
grep -q 'WOULD FIRE  .*dlq-records' "$APP/triage.txt" || fail "the triage missed the DLQ alarm" triage.txt
echo "msk-once triage of the run, offline, outside the repository"
echo "pack-check-avro passed in $(($(date +%s) - started)) s"
