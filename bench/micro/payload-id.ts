/**
 * What an id read from the payload costs for duplicates (docs/consumer.md, "Event id"): a batch
 * whose every record is a duplicate (its key DONE already), keyed by the Event-Id header (the value
 * is never decoded: claim only) against keyed by a payload field (the value decoded before the
 * claim: decode + claim), JSON and Avro through a local Confluent registry (schema cached after the
 * first record). Ratios of the same run, against a real Redis. Not part of `npm run bench`.
 *
 * Run: node bench/micro/payload-id.ts [records=1000] [rounds=7]
 */
import { ulid } from 'ulid';
import { avro, ConfluentSchemaRegistry } from '../../lib/formats/index.ts';
import { type KafkaHandlerOptions, kafkaHandler, RedisDedupStore } from '../../lib/index.ts';
import { lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { startLocalConfluentRegistry } from '../../testkit/local-confluent-registry.ts';
import { startRedisServer } from '../../testkit/redis-server.ts';
import { encodeWithSchema } from '../../testkit/schema-producer.ts';
import { median } from '../stats.ts';

process.env.POWERTOOLS_METRICS_DISABLED = 'true';
const records = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 7);
const server = await startRedisServer();
const registry = await startLocalConfluentRegistry();
const store = new RedisDedupStore({ redis: { url: server.url, commandTimeoutMs: 10_000 } });
const SCHEMA = {
  type: 'record',
  name: 'Notification',
  fields: [
    { name: 'notification_id', type: 'string' },
    { name: 'userId', type: 'string' },
    { name: 'text', type: 'string' },
  ],
};
const schemaId = registry.register('n-value', JSON.stringify(SCHEMA), 'AVRO');
const payload = (id: string) => ({
  notification_id: id,
  userId: 'user-42',
  text: 'Thanks for your review!'.repeat(4),
});

type Row = {
  name: string;
  options: Partial<KafkaHandlerOptions<{ notification_id: string }>>;
  value: 'json' | 'avro';
  header: boolean;
};
const CASES: Row[] = [
  { name: 'Event-Id header (claim only)', options: {}, value: 'json', header: true },
  {
    name: 'JSON payload field (decode + claim)',
    options: { eventId: { from: 'message', id: (m) => m.payload!.notification_id } },
    value: 'json',
    header: false,
  },
  {
    name: 'Avro payload field, registry (decode + claim)',
    options: {
      eventId: { from: 'message', id: (m) => m.payload!.notification_id },
      value: avro({ schema: SCHEMA, registry: new ConfluentSchemaRegistry({ url: registry.url }) }),
    },
    value: 'avro',
    header: false,
  },
];
const times = new Map<string, number[]>(CASES.map((c) => [c.name, []]));
for (let round = 0; round < rounds; round++) {
  for (const c of CASES) {
    const handler = kafkaHandler({
      service: `pid${round}`,
      handlerName: c.name.replace(/\W/g, ''),
      store,
      reserveMs: 0,
      handle() {},
      ...c.options,
    });
    const ids = Array.from({ length: records }, () => ulid());
    const event = mskEvent(
      ids.map((id, i) => {
        const value =
          c.value === 'avro'
            ? encodeWithSchema({ format: 'avro', schema: SCHEMA }, payload(id), {
                wire: 'confluent',
                schemaId,
              })
            : Buffer.from(JSON.stringify(payload(id)));
        return mskRecord({ offset: i, eventId: c.header ? id : null, rawValue: value.toString('base64') });
      }),
    );
    const context = lambdaContext({ timeoutMs: 900_000 });
    await handler(event, context); // first delivery: the keys turn DONE
    const start = performance.now();
    await handler(event, context); // every record a duplicate
    if (round > 0) times.get(c.name)!.push((performance.now() - start) / records);
  }
}
const base = median(times.get(CASES[0]!.name)!);
console.log(
  `duplicates per batch ${records} (one partition), ${rounds - 1} measured rounds, Redis on loopback`,
);
for (const c of CASES) {
  const t = median(times.get(c.name)!);
  console.log(
    `${c.name.padEnd(48)} ${(t * 1000).toFixed(1).padStart(7)} µs per duplicate  x${(t / base).toFixed(2)}`,
  );
}
await store.close();
await registry.stop();
await server.stop();
