#!/usr/bin/env bash
# The package as a user gets it: pack the tarball, install it in a temporary project outside the
# repository, and with no TypeScript type stripping: an .mjs kafkaHandler runs a batch against Redis
# and answers a partial failure; a strict nodenext TypeScript consumer type-checks against the
# package's types (msk-once, /effects, /testing, /local, /cdk); a CDK app using msk-once/cdk
# synthesizes; `npx msk-once local` runs the handler over a payload file and exits 0.
# Offline: the temporary project's dependencies are the repository's node_modules (linked).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
NODE=$ROOT/node_modules/.bin/node
export PATH=$ROOT/node_modules/.bin:$PATH
started=$(date +%s)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

npm pack --silent --pack-destination "$WORK" >"$WORK/pack.txt"
TARBALL=$WORK/$(tail -1 "$WORK/pack.txt")
echo "packed $(basename "$TARBALL"): $(tar tzf "$TARBALL" | wc -l) files"
if tar tzf "$TARBALL" | grep -Eq '^package/(test|bench|functions|demo)/'; then
  echo "FAIL: the tarball ships tests, bench, functions or demo" >&2
  exit 1
fi

APP=$WORK/app
mkdir -p "$APP/node_modules"
# The dependencies, from the repository (no registry): every package but msk-once itself.
for dep in "$ROOT"/node_modules/* "$ROOT"/node_modules/.bin; do
  name=$(basename "$dep")
  [ "$name" = "msk-once" ] && continue
  ln -s "$dep" "$APP/node_modules/$name"
done
mkdir -p "$APP/node_modules/msk-once"
tar xzf "$TARBALL" -C "$APP/node_modules/msk-once" --strip-components=1
rm -f "$APP/node_modules/.bin"
mkdir -p "$APP/node_modules/.bin"
for bin in "$ROOT"/node_modules/.bin/*; do ln -s "$bin" "$APP/node_modules/.bin/$(basename "$bin")"; done
ln -sf ../msk-once/dist/cli/main.js "$APP/node_modules/.bin/msk-once"
cat >"$APP/package.json" <<'JSON'
{ "name": "pack-check-app", "private": true, "type": "module" }
JSON
# What `npm install` would leave: the lock file CDK's bundling looks for.
echo '{ "name": "pack-check-app", "lockfileVersion": 3, "requires": true, "packages": {} }' >"$APP/package-lock.json"

# 1. An .mjs handler, plain Node, no type stripping: one good record and one that fails.
cat >"$APP/handler.mjs" <<'JS'
import { dedupConfigFromEnv, kafkaHandler } from 'msk-once';
export const handler = kafkaHandler({
  handlerName: 'on-order-paid',
  ...dedupConfigFromEnv(),
  async handle(message) {
    if (message.payload?.fail) throw new Error(`order ${message.payload.orderId} cannot be paid`);
  },
});
JS
cat >"$APP/batch.mjs" <<'JS'
import assert from 'node:assert/strict';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from 'msk-once/testkit';
import { handler } from './handler.mjs';
const event = mskEvent([
  mskRecord({ topic: 'order-paid', offset: 1, value: { orderId: 'o-1' } }),
  mskRecord({ topic: 'order-paid', offset: 2, value: { orderId: 'o-2', fail: true } }),
]);
const response = await handler(event, lambdaContext());
assert.deepEqual(failedOffsets(response), ['order-paid-0@2']);
await handler.close();
console.log('handler.mjs answered', JSON.stringify(response));
JS
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
(cd "$APP" && DEDUP_REDIS_URL=$REDIS_URL POWERTOOLS_SERVICE_NAME="pack-check-$$" \
  "$NODE" --no-experimental-strip-types batch.mjs >batch.out) && tail -1 "$APP/batch.out"

# 2. A strict TypeScript consumer: nodenext, no allowImportingTsExtensions.
cat >"$APP/tsconfig.json" <<'JSON'
{ "compilerOptions": { "target": "ES2024", "module": "nodenext", "moduleResolution": "nodenext",
  "strict": true, "noEmit": true, "skipLibCheck": true, "types": ["node"] }, "files": ["consumer.ts", "stack.ts"] }
JSON
cat >"$APP/consumer.ts" <<'TS'
import { contract, kafkaHandler, type KafkaMessage } from 'msk-once';
import { effect } from 'msk-once/effects';
import { EventSourceMapping, KafkaLog } from 'msk-once/emulator';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from 'msk-once/testkit';
interface OrderPaid { orderId: string }
export const handler = kafkaHandler<OrderPaid>({
  handlerName: 'on-order-paid',
  service: 'orders',
  redis: { url: 'redis://127.0.0.1:6379' },
  async handle(message: KafkaMessage<OrderPaid>) {
    const id: string = message.payload!.orderId;
    void id;
  },
});
export const names: string = contract.Metric.processed;
export const effectFn: typeof effect = effect;
export const log = new KafkaLog();
export type Esm = EventSourceMapping;
const event = mskEvent([mskRecord({ offset: 1, value: { orderId: 'o-1' } })]);
export const check = async () => failedOffsets(await handler(event, lambdaContext()));
TS
cat >"$APP/stack.ts" <<'TS'
import { App, Stack } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import { ConsumerAlarms, DedupCache, IdempotencyTable, KafkaConsumer } from 'msk-once/cdk';
import * as sns from 'aws-cdk-lib/aws-sns';
const app = new App({ outdir: 'cdk.out' });
const stack = new Stack(app, 'Orders', { env: { account: '111111111111', region: 'eu-west-1' } });
const vpc = ec2.Vpc.fromVpcAttributes(stack, 'Vpc', {
  vpcId: 'vpc-0d000000000000001', availabilityZones: ['eu-west-1a', 'eu-west-1b'],
  privateSubnetIds: ['subnet-0d00000000000000a', 'subnet-0d00000000000000b'],
});
const cache = new DedupCache(stack, 'Cache', { vpc, name: 'orders', config: { kind: 'serverless' } });
const table = new IdempotencyTable(stack, 'Idempotency', {});
const consumer = new KafkaConsumer(stack, 'order-paid', {
  entry: 'handler.mjs', projectRoot: process.cwd(), service: 'orders', handlerName: 'on-order-paid',
  clusterArn: 'arn:aws:kafka:eu-west-1:111111111111:cluster/msk-dev/0a1b2c3d-1111-2222-3333-444455556666-1',
  topics: ['order-paid'], consumerGroupId: 'orders.on-order-paid', dlqTopic: 'orders-dlq', vpc,
  dedupStore: cache.storeFor('orders'), idempotencyTable: table.table,
  provisionedPollers: { minimumPollers: 1, maximumPollers: 2 },
});
new ConsumerAlarms(stack, 'Alarms', {
  consumer, topic: new sns.Topic(stack, 'Topic'), runbookUrl: 'https://example.com/runbook.md',
  namePrefix: 'orders', offsetLag: 10_000,
});
app.synth();
TS
(cd "$APP" && tsc -p tsconfig.json)
echo "consumer.ts and stack.ts type-check (nodenext, strict, no .ts imports)"

# 3. The CDK app synthesizes (compiled to plain JS first: no type stripping).
(cd "$APP" && tsc stack.ts --module nodenext --moduleResolution nodenext --target ES2024 --outDir build --skipLibCheck \
  && "$NODE" --no-experimental-strip-types build/stack.js \
  && test -f cdk.out/Orders.template.json)
echo "the CDK app using msk-once/cdk synthesized"

# 4. msk-once local over a payload file.
printf '{"orderId":"o-1"}\n{"orderId":"o-2"}\n{"orderId":"o-4"}\n' >"$APP/p.jsonl"
printf '{"orderId":"o-3","fail":true}\n' >"$APP/poison.jsonl"
(cd "$APP" && NODE_OPTIONS=--no-experimental-strip-types npx --no-install msk-once local --handler ./handler.mjs \
  --payloads p.jsonl --poison-payloads poison.jsonl --partitions 2 --batch-size 2 >local.txt 2>local.err) || {
  cat "$APP/local.txt" "$APP/local.err" >&2
  echo "FAIL: msk-once local" >&2
  exit 1
}
grep -q 'OK: every event' "$APP/local.txt"
grep -q 'records in the DLQ       1' "$APP/local.txt"
echo "npx msk-once local exited 0 with its summary"
TARBALL="$TARBALL" bash "$ROOT/scripts/pack-check-avro.sh" # issue 24's Avro user: local, dlq, triage offline
echo "pack-check passed in $(($(date +%s) - started)) s"
