/**
 * What a check of each record's claim before it starts would cost: one EXTEND round trip per record
 * (the renewal script on one key), against the consumer's whole per-record cost as shipped (one
 * batched claim, renewals every third of the lease, one batched commit). Decides whether the
 * runner should confirm every claim before starting its record (docs/consumer.md, "Lost claims").
 * Not part of `npm run bench`.
 *
 * Run: node bench/micro/claim-check.ts [records=1000] [rounds=5]
 */
import { ulid } from 'ulid';
import { kafkaHandler, RedisDedupStore } from '../../lib/index.ts';
import { lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { startRedisServer } from '../../testkit/redis-server.ts';
import { median } from '../stats.ts';

process.env.POWERTOOLS_METRICS_DISABLED = 'true';
const records = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 5);
const server = await startRedisServer();
const store = new RedisDedupStore({ redis: { url: server.url, commandTimeoutMs: 10_000 } });

const shipped: number[] = [];
const checked: number[] = [];
const check: number[] = [];
for (let round = 0; round < rounds; round++) {
  for (const withCheck of [false, true]) {
    const handler = kafkaHandler({
      service: `bench${round}${withCheck}`,
      handlerName: 'h',
      store,
      reserveMs: 0,
      // The check as the runner would make it: one round trip for this record's key before it starts.
      handle: withCheck
        ? async (m) => {
            const start = performance.now();
            await store.extend([`bench${round}${withCheck}:dedup:h:${m.eventId}`], 'someone', 30_000);
            check.push(performance.now() - start);
          }
        : () => {},
    });
    // One partition, so records run one after the other, as a checked runner would have to.
    const event = mskEvent(
      Array.from({ length: records }, (_, i) => mskRecord({ offset: i, eventId: ulid() })),
    );
    const start = performance.now();
    await handler(event, lambdaContext({ timeoutMs: 900_000 }));
    (withCheck ? checked : shipped).push((performance.now() - start) / records);
  }
}
const perRecord = median(shipped);
const withCheck = median(checked);
console.log(
  `records per batch                 ${records} (one partition), ${rounds} rounds, Redis on loopback`,
);
console.log(`per record, as shipped            ${(perRecord * 1000).toFixed(1)} µs`);
console.log(
  `per record, with a check          ${(withCheck * 1000).toFixed(1)} µs (x${(withCheck / perRecord).toFixed(1)})`,
);
console.log(`one check round trip (median)     ${(median(check) * 1000).toFixed(1)} µs`);
await store.close();
await server.stop();
process.exit(0);
