#!/usr/bin/env bash
# The release as a team installs it (issue 34), from the packed tarball in projects of their own:
#   1. the upgrades from 0.2.0 and from 0.3.0: the old release's consumers as released beside this
#      tarball's on one Redis, one stream with duplicates (test/release/upgrade-rollout.ts): none
#      lost, none doubled;
#   2. the test kit's examples with no AWS variable set (env -i): the README's test, the local SQS
#      stand-in behind a poison queue, a structured CloudEvent built as the team wrote it, dynalite;
#   3. types under the strictest settings (strict, exactOptionalPropertyTypes, skipLibCheck false):
#      msk-once/formats for Avro alone without the Glue client, protobufjs or ajv installed;
#      effect.outcome; KafkaConsumer's idempotencyTable taking a Table under
#      exactOptionalPropertyTypes (and refused when the prop is ITable alone: the check can fail);
#   4. a structured CloudEvents handler through `msk-once local`, keyed by account: every payment
#      once, per-key order held.
# TARBALL=<path> reuses a packed tarball (scripts/pack-check.sh passes its own); else it packs one.
# Offline: the projects' dependencies are links into the repository's node_modules.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
NODE=$ROOT/node_modules/.bin/node
export PATH=$ROOT/node_modules/.bin:$PATH
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [ -z "${TARBALL:-}" ]; then
  npm pack --silent --pack-destination "$WORK" >"$WORK/pack.txt"
  TARBALL=$WORK/$(tail -1 "$WORK/pack.txt")
fi
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}

# project DIR [package to leave out]...: msk-once from the tarball, every other package linked.
project() {
  local dir=$1
  shift
  mkdir -p "$dir/node_modules/msk-once" "$dir/node_modules/.bin"
  for dep in "$ROOT"/node_modules/* "$ROOT"/node_modules/@*/*; do
    [ -e "$dep/package.json" ] || continue
    local name=${dep#"$ROOT"/node_modules/}
    [ "$name" = msk-once ] && continue
    local skip=
    for out in "$@"; do [ "$name" = "$out" ] && skip=1; done
    [ -n "$skip" ] && continue
    mkdir -p "$dir/node_modules/$(dirname "$name")"
    ln -sfn "$dep" "$dir/node_modules/$name"
  done
  for bin in "$ROOT"/node_modules/.bin/*; do ln -sf "$bin" "$dir/node_modules/.bin/$(basename "$bin")"; done
  tar xzf "$TARBALL" -C "$dir/node_modules/msk-once" --strip-components=1
  ln -sf ../msk-once/dist/cli/main.js "$dir/node_modules/.bin/msk-once"
  echo '{ "name": "team-app", "private": true, "type": "module" }' >"$dir/package.json"
}
fail() {
  echo "FAIL: $1" >&2
  shift
  for f in "$@"; do cat "$f" >&2; done
  exit 1
}
# A process with no AWS variable and a HOME without ~/.aws: what a fresh CI runner has.
bare_env() { env -i PATH="$PATH" HOME="$WORK/home" "$@"; }
mkdir -p "$WORK/home"

APP=$WORK/team
project "$APP"
VERSION=$("$NODE" -p 'require(process.argv[1]).version' "$APP/node_modules/msk-once/package.json")
[ "$(cd "$APP" && NODE_OPTIONS=--no-experimental-strip-types npx --no-install msk-once --version)" = "$VERSION" ] ||
  fail "msk-once --version does not print the package's version $VERSION"

# --- 1. The upgrades from 0.2.0 and 0.3.0 (their TypeScript as released, run with Node's type
# stripping; the package itself is plain JavaScript from the tarball). ---
cp "$ROOT/test/release/upgrade-rollout.ts" "$APP/upgrade-rollout.ts"
for OLD in 0.2.0 0.3.0; do
  cp -r "$ROOT/test/fixtures/releases/v$OLD" "$APP/v$OLD"
  cat >"$APP/upgrade-$OLD.mjs" <<JS
import assert from 'node:assert/strict';
import { kafkaHandler } from 'msk-once';
import { captureProcessOutput, lambdaContext, mskEvent, mskRecord } from 'msk-once/testkit';
import { kafkaHandler as oldKafkaHandler } from './v$OLD/lib/consumer/kafka-handler.ts';
import { upgradeRollout } from './upgrade-rollout.ts';
const report = await upgradeRollout({
  oldKafkaHandler,
  newKafkaHandler: kafkaHandler,
  testkit: { capture: (fn) => captureProcessOutput(fn), lambdaContext, mskEvent, mskRecord },
  redisUrl: process.env.REDIS_URL,
  service: \`pack-check-upgrade-$OLD-\${process.pid}-\${Date.now().toString(36)}\`,
  previousKeyFormat: '$OLD',
});
assert.deepEqual(report.lost, [], 'lost');
assert.deepEqual(report.doubled, [], 'doubled');
assert.ok(report.runsBy.old > 0 && report.runsBy.new > 0, JSON.stringify(report.runsBy));
console.log(
  \`upgrade $OLD -> tarball: \${report.events} events (\${report.records} records with duplicates) over 3 partitions; $OLD ran \${report.runsBy.old}, the new release \${report.runsBy.new}; 0 lost, 0 doubled\`,
);
JS
  (cd "$APP" && REDIS_URL=$REDIS_URL "$NODE" --no-warnings "upgrade-$OLD.mjs")
done

# --- 2. The test kit's examples with no AWS variable set. ---
"$NODE" -e '
  const { readFileSync, writeFileSync } = require("node:fs");
  const blocks = [...readFileSync(process.argv[1], "utf8").matchAll(/^```js\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  const handler = blocks.find((b) => /export const handler/.test(b));
  const test = blocks.find((b) => /from .node:test./.test(b));
  if (!handler || !test) throw new Error("the README has no js handler and test blocks");
  writeFileSync(`${process.argv[2]}/handler.mjs`, handler);
  writeFileSync(`${process.argv[2]}/readme.test.mjs`, test);' "$ROOT/README.md" "$APP"
(cd "$APP" && bare_env DEDUP_REDIS_URL="$REDIS_URL" POWERTOOLS_SERVICE_NAME="pack-check-$$" \
  "$NODE" --no-experimental-strip-types --test readme.test.mjs >readme-test.out 2>&1) ||
  fail "the README's test from the tarball with no AWS variables" "$APP/readme-test.out"
cat >"$APP/testkit.mjs" <<'JS'
import assert from 'node:assert/strict';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { kafkaHandler, MemoryDedupStore, PermanentError } from 'msk-once';
import { createEffect } from 'msk-once/effects';
import { failedOffsets, lambdaContext, mskEvent, mskRecord, startLocalDynamoDB, startLocalSqs } from 'msk-once/testkit';
const aws = Object.keys(process.env).filter((n) => n.startsWith('AWS_') && n !== 'AWS_SDK_UA_APP_ID');
assert.deepEqual(aws, [], 'no AWS variable is set');
// The local SQS: a client from its clientConfig, and the handler's poison queue from its environment.
const sqs = await startLocalSqs();
try {
  const queueUrl = sqs.createQueue('payments-poison');
  const client = new SQSClient(sqs.clientConfig);
  await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'by hand' }));
  client.destroy();
  Object.assign(process.env, sqs.environment);
  const handler = kafkaHandler({
    service: 'payments', handlerName: 'on-payment', store: new MemoryDedupStore(), poison: { queueUrl },
    eventId: { from: 'cloudevents' },
    async handle(message) {
      assert.equal(message.eventId, 'pay-9');
      throw new PermanentError('account a-9 is closed');
    },
  });
  // The team's structured CloudEvent, as it is.
  const payment = { specversion: '1.0', id: 'pay-9', source: '/payments', type: 'payment.charged', data: { accountId: 'a-9' } };
  const record = mskRecord({ offset: 9, idSource: { from: 'cloudevents' }, cloudEventsMode: 'structured', value: payment });
  assert.deepEqual(JSON.parse(Buffer.from(record.value, 'base64').toString()), payment);
  try {
    assert.deepEqual(failedOffsets(await handler(mskEvent([record]), lambdaContext())), []);
  } finally {
    await handler.close();
  }
  assert.equal(sqs.messages(queueUrl).length, 2);
} finally {
  await sqs.stop();
}
// dynalite: its client carries a region and dummy credentials.
const dynamo = await startLocalDynamoDB();
try {
  const effect = createEffect({ tableName: await dynamo.createTable('marks'), client: dynamo.client, handlerName: 'on-payment' });
  const message = { eventId: 'pay-10', topic: 'payments', partition: 0, offset: 10 };
  assert.deepEqual(await effect.outcome(message, 'charge', () => ({ chargeId: 'ch-1' })), { ran: true, result: { chargeId: 'ch-1' } });
  assert.deepEqual(await effect.outcome(message, 'charge', () => ({ chargeId: 'ch-2' })), { ran: false, receipt: true, result: { chargeId: 'ch-1' } });
} finally {
  await dynamo.stop();
}
console.log('the test kit with no AWS variable: local SQS (client and poison queue), a structured CloudEvent as written, dynalite and effect.outcome');
JS
(cd "$APP" && bare_env "$NODE" --no-experimental-strip-types testkit.mjs >testkit.out 2>&1) ||
  fail "the test kit's stand-ins with no AWS variables" "$APP/testkit.out"
tail -1 "$APP/testkit.out"
echo "the README's test passed from the tarball with no AWS variable set"

# --- 3. Types under the strictest settings. ---
STRICT='"strict": true, "exactOptionalPropertyTypes": true, "noEmit": true, "types": ["node"], "target": "ES2024", "module": "nodenext", "moduleResolution": "nodenext"'
AVRO=$WORK/avro-only
project "$AVRO" @aws-sdk/client-glue @aws-sdk/client-secrets-manager protobufjs ajv
for gone in @aws-sdk/client-glue protobufjs ajv; do [ ! -e "$AVRO/node_modules/$gone" ] || fail "$gone is installed"; done
cat >"$AVRO/tsconfig.json" <<JSON
{ "compilerOptions": { $STRICT, "skipLibCheck": false }, "files": ["consumer.ts"] }
JSON
cat >"$AVRO/consumer.ts" <<'TS'
import { kafkaHandler, type KafkaMessage } from 'msk-once';
import { effect, type EffectOutcome } from 'msk-once/effects';
import { avro } from 'msk-once/formats';
interface Payment { accountId: string; amount: number }
export const handler = kafkaHandler<Payment>({
  handlerName: 'on-payment',
  redis: { url: 'redis://127.0.0.1:6379' },
  value: avro<Payment>({
    schema: { type: 'record', name: 'Payment', fields: [{ name: 'accountId', type: 'string' }, { name: 'amount', type: 'long' }] },
  }),
  async handle(message: KafkaMessage<Payment>, context) {
    const charged: EffectOutcome<{ chargeId: string }> = await effect.outcome(message, 'charge', async () => ({ chargeId: 'c' }), context);
    if (!charged.ran && !charged.receipt) console.warn('charged before, no receipt');
    const receipt: { chargeId: string } | undefined = charged.result;
    void receipt;
  },
});
TS
(cd "$AVRO" && tsc -p tsconfig.json >tsc.out 2>&1) ||
  fail "msk-once/formats (Avro) under skipLibCheck false without the Glue client, protobufjs or ajv" "$AVRO/tsc.out"
echo "types: Avro alone with effect.outcome checks under strict, exactOptionalPropertyTypes, skipLibCheck false (no Glue client, protobufjs, ajv)"
# aws-cdk-lib's own declarations do not pass exactOptionalPropertyTypes: its types are skipped.
cat >"$APP/tsconfig.exact-cdk.json" <<JSON
{ "compilerOptions": { $STRICT, "skipLibCheck": true }, "files": ["table.ts"] }
JSON
cat >"$APP/table.ts" <<'TS'
import { App, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import { DedupCache, KafkaConsumer } from 'msk-once/cdk';
const stack = new Stack(new App(), 'Payments', { env: { account: '111111111111', region: 'eu-west-1' } });
const vpc = ec2.Vpc.fromVpcAttributes(stack, 'Vpc', { vpcId: 'vpc-1', availabilityZones: ['eu-west-1a'], privateSubnetIds: ['subnet-1'] });
const cache = new DedupCache(stack, 'Cache', { vpc, name: 'payments', config: { kind: 'serverless' } });
const table = new dynamodb.Table(stack, 'Marks', { partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING } });
new KafkaConsumer(stack, 'on-payment', {
  entry: 'handler.mjs', service: 'payments', handlerName: 'on-payment',
  clusterArn: 'arn:aws:kafka:eu-west-1:111111111111:cluster/msk/0a1b2c3d-1111-2222-3333-444455556666-1',
  topics: ['payments'], consumerGroupId: 'payments.on-payment', dlqTopic: 'payments-dlq', vpc,
  dedupStore: cache.storeFor('payments'), idempotencyTable: table,
  provisionedPollers: { minimumPollers: 1, maximumPollers: 2 },
});
TS
(cd "$APP" && tsc -p tsconfig.exact-cdk.json >tsc-cdk.out 2>&1) ||
  fail "KafkaConsumer's idempotencyTable with a Table under exactOptionalPropertyTypes" "$APP/tsc-cdk.out"
# The control: with the prop typed ITable alone (as before), the same app is refused.
PROPS=$APP/node_modules/msk-once/dist/infra/cdk/kafka-consumer-props.d.ts
cp "$PROPS" "$WORK/props.d.ts"
sed -i 's/idempotencyTable?: dynamodb.ITable | dynamodb.Table;/idempotencyTable?: dynamodb.ITable;/' "$PROPS"
if (cd "$APP" && tsc -p tsconfig.exact-cdk.json >/dev/null 2>&1); then
  fail "the control passed: the idempotencyTable check cannot fail"
fi
cp "$WORK/props.d.ts" "$PROPS"
echo "types: KafkaConsumer takes a dynamodb.Table as idempotencyTable under exactOptionalPropertyTypes (ITable alone is refused)"

# --- 4. A structured CloudEvents handler through msk-once local, keyed by account. ---
cat >"$APP/payment.mjs" <<'JS'
import { dedupConfigFromEnv, kafkaHandler } from 'msk-once';
export const handler = kafkaHandler({
  handlerName: 'on-payment',
  ...dedupConfigFromEnv(),
  async handle(message) {
    if (!message.payload?.data?.accountId) throw new Error(`payment ${message.eventId} names no account`);
  },
});
JS
"$NODE" -e '
  const lines = Array.from({ length: 60 }, (_, i) => JSON.stringify({ specversion: "1.0", id: `pay-${i}`,
    source: "/payments", type: "payment.charged", datacontenttype: "application/json", data: { accountId: `a-${i % 12}`, amount: i } }));
  require("node:fs").writeFileSync(process.argv[1], lines.join("\n"));' "$APP/payments.jsonl"
(cd "$APP" && NODE_OPTIONS=--no-experimental-strip-types REDIS_URL=$REDIS_URL npx --no-install msk-once local \
  --handler ./payment.mjs --payloads payments.jsonl --cloudevents structured --key data.accountId \
  --partitions 3 --batch-size 5 >local.txt 2>local.err) || fail "msk-once local with structured CloudEvents" "$APP/local.txt" "$APP/local.err"
grep -q 'OK: every event' "$APP/local.txt" || fail "msk-once local: no OK" "$APP/local.txt"
grep -Eq 'per-key order +held +\(60 events over 12 keys \(--key\)' "$APP/local.txt" || fail "msk-once local: per-key order" "$APP/local.txt"
echo "msk-once local: 60 structured CloudEvents over 12 accounts (--cloudevents structured --key data.accountId), each once, per-key order held"
