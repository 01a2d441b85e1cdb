#!/usr/bin/env bash
# The package as a user gets it: pack the tarball and install it in temporary projects outside the
# repository, with no TypeScript type stripping, and use every published part.
#   A. a runtime-only project (the package's `dependencies`, no optional peer): the root runs a
#      batch; the features whose peers are absent fail with MissingPeerError naming `npm i <pkg>`;
#      a handler bundles with esbuild; `msk-once/cdk` refuses to synth without esbuild, naming it.
#   B. a full project (every optional peer): an .mjs kafkaHandler answers a partial failure; an
#      Avro consumer over a local Confluent registry; effects on dynalite; contract and alarms; the
#      README's TypeScript examples and a consumer type-check (strict, exactOptionalPropertyTypes,
#      skipLibCheck: false); a CDK app synthesizes; `npx msk-once local` and `msk-once dlq` run.
#   C. more scenarios (see "More scenarios" at the end): the 0.2.0 -> 0.3.0 upgrade, the test kit
#      with no AWS variable, the strictest types, a structured CloudEvents handler through
#      `msk-once local` (scripts/pack-check-release.sh); every file the package cites ships
#      (scripts/cited-files.ts, at the start).
# Offline: a project's dependencies are links into the repository's node_modules (A: only the
# closure of the package's dependencies; B: everything).
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
# The docs it ships make sense without the repository: they name entries and exports, not its files.
# The pages about the repository itself (its layout, benchmarks, fault matrix, CDK app, model) ship
# because the package cites them, and say at their top that the files they name are the repository's.
DOCS=$WORK/docs
mkdir -p "$DOCS" && tar xzf "$TARBALL" -C "$DOCS"
REPOSITORY_NOTE='> About the msk-once repository'
if grep -rL --include='*.md' -e "$REPOSITORY_NOTE" "$DOCS/package" | xargs -r grep -nE '(\.\./)+(lib|testkit)/|\b(lib|testkit)/[A-Za-z0-9_./-]*\.ts\b'; then
  echo "FAIL: a shipped doc points at a repository file (lib/*.ts, testkit/*.ts): name the entry and export" >&2
  exit 1
fi
echo "shipped docs: $(find "$DOCS/package" -name '*.md' | wc -l) files ($(grep -rl --include='*.md' -e "$REPOSITORY_NOTE" "$DOCS/package" | wc -l) about the repository), the others pointing at no lib/ or testkit/ file"
# Every file the package cites (docs, declarations, JavaScript) ships with it (scripts/cited-files.ts).
"$NODE" "$ROOT/scripts/cited-files.ts" "$DOCS/package"

# make_project DIR runtime|full: DIR/node_modules holds msk-once from the tarball and links to the
# repository's packages: all of them (full), or only what the tarball's `dependencies` pull in.
make_project() {
  local dir=$1 mode=$2
  mkdir -p "$dir/node_modules/.bin" "$dir/node_modules/msk-once"
  tar xzf "$TARBALL" -C "$dir/node_modules/msk-once" --strip-components=1
  local names
  if [ "$mode" = full ]; then
    names=$(cd "$ROOT/node_modules" && for d in * @*/*; do [ -e "$d/package.json" ] && echo "$d"; done)
    for bin in "$ROOT"/node_modules/.bin/*; do ln -s "$bin" "$dir/node_modules/.bin/$(basename "$bin")"; done
  else
    # The transitive closure of msk-once's dependencies (and their non-optional peers).
    names=$("$NODE" -e '
      const { readFileSync, existsSync } = require("node:fs");
      const [root, pkg] = process.argv.slice(1);
      const seen = new Set(); const todo = [pkg];
      while (todo.length) {
        const p = JSON.parse(readFileSync(todo.pop(), "utf8"));
        const optional = p.peerDependenciesMeta ?? {};
        const peers = Object.keys(p.peerDependencies ?? {}).filter((n) => !optional[n]?.optional);
        for (const n of [...Object.keys(p.dependencies ?? {}), ...peers]) {
          if (seen.has(n) || !existsSync(`${root}/${n}/package.json`)) continue;
          seen.add(n); todo.push(`${root}/${n}/package.json`);
        }
      }
      console.log([...seen].join("\n"));' "$ROOT/node_modules" "$dir/node_modules/msk-once/package.json")
  fi
  for name in $names; do
    [ "$name" = msk-once ] && continue
    mkdir -p "$dir/node_modules/$(dirname "$name")"
    ln -sfn "$ROOT/node_modules/$name" "$dir/node_modules/$name"
  done
  ln -sf ../msk-once/dist/cli/main.js "$dir/node_modules/.bin/msk-once"
  echo '{ "name": "pack-check-app", "private": true, "type": "module" }' >"$dir/package.json"
  # What `npm install` would leave: the lock file CDK's bundling looks for.
  echo '{ "name": "pack-check-app", "lockfileVersion": 3, "requires": true, "packages": {} }' >"$dir/package-lock.json"
}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}

# --- A. Runtime only: what `npm i msk-once` installs, nothing else. ---
BARE=$WORK/bare
make_project "$BARE" runtime
echo "runtime-only project: $(ls -d "$BARE"/node_modules/* "$BARE"/node_modules/@*/* 2>/dev/null | grep -vc '/@[^/]*$') packages linked"
for peer in avsc protobufjs ajv dynalite aws-cdk-lib esbuild @aws-sdk/client-dynamodb @aws-sdk/client-sqs @smithy/signature-v4 @aws-lambda-powertools/idempotency; do
  if [ -e "$BARE/node_modules/$peer" ]; then echo "FAIL: $peer is installed by the runtime's dependencies" >&2; exit 1; fi
done
cat >"$BARE/bare.mjs" <<'JS'
import assert from 'node:assert/strict';
import * as root from 'msk-once';
import { dedupConfigFromEnv, kafkaHandler, MissingPeerError, PermanentError } from 'msk-once';
import { avro } from 'msk-once/formats';
import { Metric } from 'msk-once/contract';
import { failedOffsets, lambdaContext, mskEvent, mskRecord, encodeWithSchema, startLocalDynamoDB } from 'msk-once/testkit';
const handler = kafkaHandler({
  handlerName: 'on-order-paid',
  ...dedupConfigFromEnv(),
  async handle(message) {
    if (message.payload?.fail) throw new Error(`order ${message.payload.orderId} cannot be paid`);
  },
});

const event = mskEvent([
  mskRecord({ topic: 'order-paid', offset: 1, value: { orderId: 'o-1' } }),
  mskRecord({ topic: 'order-paid', offset: 2, value: { orderId: 'o-2', fail: true } }),
]);
assert.deepEqual(failedOffsets(await handler(event, lambdaContext())), ['order-paid-0@2']);
await handler.close();
const missing = async (what, promise, install) => {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof MissingPeerError, `${what}: ${error?.stack}`);
    assert.ok(error.message.includes(`run \`${install}\``), `${what}: ${error.message}`);
    return true;
  });
  console.log(`  ${what}: ${install}`);
};
// The IAM token maker, where the root still exports it (the IAM path loads the same signer).
if (root.elastiCacheIamToken) {
  await missing('IAM auth', root.elastiCacheIamToken({ userId: 'u', cacheName: 'c', region: 'eu-west-1' }), 'npm i @smithy/signature-v4');
}
await missing('encodeWithSchema (Avro)', (async () => encodeWithSchema({ format: 'avro', schema: { type: 'string' } }, 'x', 'raw'))(), 'npm i -D avsc');
await missing('startLocalDynamoDB', startLocalDynamoDB(), 'npm i -D dynalite');
// A format whose library is absent: the record fails (retried, never dropped) and says what to install.
const lines = [];
const [out, err] = [process.stdout.write, process.stderr.write];
process.stdout.write = process.stderr.write = (chunk) => (lines.push(String(chunk)), true);
const avroHandler = kafkaHandler({ handlerName: 'on-avro', ...dedupConfigFromEnv(), value: avro({ schema: { type: 'string' } }), async handle() {} });
const avroResponse = await avroHandler(mskEvent([mskRecord({ offset: 3, value: 'x' })]), lambdaContext());
await avroHandler.close();
[process.stdout.write, process.stderr.write] = [out, err];
assert.deepEqual(failedOffsets(avroResponse), ['orders-0@3'], JSON.stringify(avroResponse));
assert.ok(lines.some((l) => l.includes('run `npm i avsc`')), lines.join('\n'));
console.log('  the avro format without avsc: the record fails naming npm i avsc');
// The poison sink without the SQS client: the poison record falls back to failing (retried, then
// the DLQ) and the log says what to install.
const sqsLines = [];
process.stdout.write = process.stderr.write = (chunk) => (sqsLines.push(String(chunk)), true);
const sinkHandler = kafkaHandler({
  handlerName: 'on-poison',
  ...dedupConfigFromEnv(),
  poison: { queueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/orders-poison' },
  async handle() { throw new PermanentError('order o-9 can never be paid'); },
});
const sinkResponse = await sinkHandler(mskEvent([mskRecord({ offset: 4, value: { orderId: 'o-9' } })]), lambdaContext());
await sinkHandler.close();
[process.stdout.write, process.stderr.write] = [out, err];
assert.deepEqual(failedOffsets(sinkResponse), ['orders-0@4'], JSON.stringify(sinkResponse));
assert.ok(sqsLines.some((l) => l.includes('npm i @aws-sdk/client-sqs')), sqsLines.join('\n'));
console.log('  the poison sink without @aws-sdk/client-sqs: the record fails naming npm i @aws-sdk/client-sqs');
assert.equal(typeof Metric.processed, 'string');
console.log('runtime-only: the root ran a batch; absent peers are named');
JS
(cd "$BARE" && DEDUP_REDIS_URL=$REDIS_URL POWERTOOLS_SERVICE_NAME="pack-check-$$" \
  "$NODE" --no-experimental-strip-types bare.mjs)
# A handler bundles as KafkaConsumer bundles it (absent optional peers external).
cat >"$BARE/handler.mjs" <<'JS'
import { dedupConfigFromEnv, kafkaHandler } from 'msk-once';
export const handler = kafkaHandler({ handlerName: 'on-order-paid', ...dedupConfigFromEnv(), async handle() {} });
JS
(cd "$BARE" && "$ROOT/node_modules/.bin/esbuild" handler.mjs --bundle --platform=node --format=esm --target=node24 \
  --minify --keep-names --outfile=out/index.mjs --log-level=error \
  --external:@smithy/signature-v4 --external:@aws-sdk/credential-provider-node --external:@aws-sdk/client-glue \
  --external:@aws-sdk/client-secrets-manager --external:@aws-sdk/client-sqs --external:@aws-lambda-powertools/tracer --external:avsc --external:protobufjs --external:ajv \
  "--banner:js=import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);")
echo "runtime-only: the handler bundles to $(($(stat -c %s "$BARE/out/index.mjs") / 1024)) KB"
# The CDK construct without esbuild: a clear error naming it, not a Docker error.
NOESB=$WORK/no-esbuild
make_project "$NOESB" full
rm -f "$NOESB/node_modules/esbuild" "$NOESB/node_modules/.bin/esbuild"
cat >"$NOESB/synth.mjs" <<'JS'
import assert from 'node:assert/strict';
import { App, Stack } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import { DedupCache, KafkaConsumer } from 'msk-once/cdk';
const app = new App({ outdir: 'cdk.out' });
const stack = new Stack(app, 'Orders', { env: { account: '111111111111', region: 'eu-west-1' } });
const vpc = ec2.Vpc.fromVpcAttributes(stack, 'Vpc', { vpcId: 'vpc-0d000000000000001', availabilityZones: ['eu-west-1a'], privateSubnetIds: ['subnet-0d00000000000000a'] });
const cache = new DedupCache(stack, 'Cache', { vpc, name: 'orders', config: { kind: 'serverless' } });
assert.throws(() => new KafkaConsumer(stack, 'order-paid', {
  entry: 'handler.mjs', projectRoot: process.cwd(), service: 'orders', handlerName: 'on-order-paid',
  clusterArn: 'arn:aws:kafka:eu-west-1:111111111111:cluster/msk-dev/0a1b2c3d-1111-2222-3333-444455556666-1',
  topics: ['order-paid'], consumerGroupId: 'orders.on-order-paid', dlqTopic: 'orders-dlq', vpc,
  dedupStore: cache.storeFor('orders'), provisionedPollers: { minimumPollers: 1, maximumPollers: 2 },
}), (error) => {
  assert.match(error.message, /npm i -D esbuild/);
  assert.equal(error.name, 'ConstructConfigError'); // not Docker's failure to build an image
  return true;
});
console.log('msk-once/cdk without esbuild: the synth stops naming npm i -D esbuild');
JS
cp "$BARE/handler.mjs" "$NOESB/handler.mjs"
(cd "$NOESB" && PATH=/usr/bin:/bin "$NODE" --no-experimental-strip-types synth.mjs)

# --- B. Full: every optional peer installed. ---
APP=$WORK/app
make_project "$APP" full

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
(cd "$APP" && DEDUP_REDIS_URL=$REDIS_URL POWERTOOLS_SERVICE_NAME="pack-check-$$" \
  "$NODE" --no-experimental-strip-types batch.mjs >batch.out) && tail -1 "$APP/batch.out"

# 2. A strict TypeScript consumer and the README's examples: nodenext, no allowImportingTsExtensions,
# exactOptionalPropertyTypes, and skipLibCheck false (the package's declarations are checked too).
cat >"$APP/tsconfig.json" <<'JSON'
{ "compilerOptions": { "target": "ES2024", "module": "nodenext", "moduleResolution": "nodenext",
  "strict": true, "exactOptionalPropertyTypes": true, "noEmit": true, "skipLibCheck": false, "types": ["node"] },
  "files": [] }
JSON
# aws-cdk-lib's own types do not pass exactOptionalPropertyTypes (TS2420 in its stack synthesizers;
# its Table is not assignable to its ITable), so a CDK app is checked without it and skipLibCheck.
cat >"$APP/tsconfig.cdk.json" <<'JSON'
{ "extends": "./tsconfig.json", "compilerOptions": { "skipLibCheck": true, "exactOptionalPropertyTypes": false }, "files": [] }
JSON
# The README's ```ts blocks, each its own module.
"$NODE" -e '
  const { readFileSync, writeFileSync } = require("node:fs");
  const blocks = [...readFileSync(process.argv[1], "utf8").matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  // A middy stack of your own loads the types of @middy/core, which need its optional peer
  // @aws/durable-execution-sdk-js under skipLibCheck false (docs/packaging.md): checked with the CDK app.
  const files = { runtime: ["consumer.ts"], cdk: ["stack.ts", "middlewares.ts"] };
  blocks.forEach((code, i) => {
    writeFileSync(`${process.argv[2]}/readme-${i + 1}.ts`, code);
    files[/from .aws-cdk-lib/.test(code) ? "cdk" : "runtime"].push(`readme-${i + 1}.ts`);
  });
  for (const [name, list] of [["tsconfig.json", files.runtime], ["tsconfig.cdk.json", files.cdk]]) {
    const path = `${process.argv[2]}/${name}`;
    writeFileSync(path, readFileSync(path, "utf8").replace(/"files": \[\]/, `"files": ${JSON.stringify(list)}`));
  }
  console.log(`README: ${blocks.length} TypeScript examples (${files.runtime.length - 1} runtime, ${files.cdk.length - 1} CDK)`);' "$ROOT/README.md" "$APP"
cat >"$APP/middlewares.ts" <<'TS'
import middy from '@middy/core';
import { ConsumerCore, type InvocationHooks, resolveConfig } from 'msk-once/middlewares';
export const core = [ConsumerCore, resolveConfig, middy] as const;
export const hooks: InvocationHooks = { afterStage: () => undefined };
TS
cat >"$APP/consumer.ts" <<'TS'
import { kafkaHandler, type KafkaMessage } from 'msk-once';
import * as alarms from 'msk-once/alarms';
import { Metric } from 'msk-once/contract';
import { effect } from 'msk-once/effects';
import { EventSourceMapping, KafkaLog } from 'msk-once/emulator';
import { avro, json, schemaRegistryFromEnv } from 'msk-once/formats';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from 'msk-once/testkit';
interface OrderPaid { orderId: string }
export const handler = kafkaHandler<OrderPaid>({
  handlerName: 'on-order-paid',
  service: 'orders',
  redis: { url: 'redis://127.0.0.1:6379' },
  value: json<OrderPaid>(),
  async handle(message: KafkaMessage<OrderPaid>) {
    const id: string = message.payload!.orderId;
    void id;
  },
});
// The README's avro({ schema, registry: schemaRegistryFromEnv() }) (the registry may be undefined).
export const avroValue = avro<OrderPaid>({
  schema: { type: 'record', name: 'OrderPaid', fields: [{ name: 'orderId', type: 'string' }] },
  registry: schemaRegistryFromEnv(),
});
export const names: string[] = [Metric.processed, String(Object.keys(alarms).length)];
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
(cd "$APP" && tsc -p tsconfig.json && tsc -p tsconfig.cdk.json)
echo "consumer.ts and the README's examples type-check (strict, exactOptionalPropertyTypes; skipLibCheck false but for aws-cdk-lib)"

# 3. The CDK app synthesizes (compiled to plain JS first: no type stripping).
(cd "$APP" && tsc stack.ts --module nodenext --moduleResolution nodenext --target ES2024 --outDir build --skipLibCheck \
  && "$NODE" --no-experimental-strip-types build/stack.js \
  && test -f cdk.out/Orders.template.json)
echo "the CDK app using msk-once/cdk synthesized"

# 4. msk-once local over a payload file (the poison order o-3 alone in the DLQ).
printf '{"orderId":"o-1"}\n{"orderId":"o-2"}\n{"orderId":"o-4"}\n' >"$APP/p.jsonl"
printf '{"orderId":"o-3","fail":true}\n' >"$APP/poison.jsonl"
(cd "$APP" && NODE_OPTIONS=--no-experimental-strip-types npx --no-install msk-once local --handler ./handler.mjs \
  --payloads p.jsonl --poison-payloads poison.jsonl --partitions 2 --batch-size 2 --reading resume-from-lowest \
  >local.txt 2>local.err) || {
  cat "$APP/local.txt" "$APP/local.err" >&2
  echo "FAIL: msk-once local" >&2
  exit 1
}
grep -q 'OK: every event' "$APP/local.txt"
grep -q 'records in the DLQ       1' "$APP/local.txt"
grep -q 'good records in the DLQ 0 ' "$APP/local.txt" # resume-from-lowest: no good record stranded behind the poison one
echo "npx msk-once local exited 0 with its summary"

# 5. Effects on dynalite, and msk-once dlq over a dump (plain Node).
cat >"$APP/effects.mjs" <<'JS'
import assert from 'node:assert/strict';
import { createEffect } from 'msk-once/effects';
import { startLocalDynamoDB } from 'msk-once/testkit';
const dynamo = await startLocalDynamoDB();
const tableName = await dynamo.createTable('pack-check-marks');
const once = createEffect({ tableName, client: dynamo.client, handlerName: 'on-order-paid' });
let runs = 0;
const message = { eventId: 'e-1', topic: 'order-paid', partition: 0, offset: 1 };
for (let i = 0; i < 2; i++) await once(message, 'charge', async () => ++runs);
await dynamo.stop();
assert.equal(runs, 1);
console.log('msk-once/effects ran the effect once over two calls (dynalite)');
JS
(cd "$APP" && "$NODE" --no-experimental-strip-types effects.mjs)
(cd "$APP" && NODE_OPTIONS=--no-experimental-strip-types npx --no-install msk-once dlq --help >/dev/null)
echo "npx msk-once dlq answers"

# --- C. More scenarios. ---
# Add a scenario here: a project of its own (make_project DIR runtime|full), plain Node or tsc
# against the installed package, an assertion, and one echo line saying what passed.
TARBALL="$TARBALL" bash "$ROOT/scripts/pack-check-avro.sh" # issue 24's Avro user: local, dlq, triage offline
TARBALL="$TARBALL" bash "$ROOT/scripts/pack-check-release.sh" # issue 34: the upgrade, the test kit, strict types, local

echo "pack-check passed in $(($(date +%s) - started)) s"
