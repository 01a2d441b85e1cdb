/**
 * The upgrade from 0.3.0 to this release (docs/upgrading.md) on a real Redis: 0.3.0's consumers as
 * released (test/fixtures/releases/v0.3.0: string DONE marks), then both side by side on one stream
 * with duplicates (this release with `previousKeyFormat: '0.3.0'`, so its commits write the string
 * mark 0.3.0 reads beside its hash mark), then the old ones stopped, then this release without
 * `previousKeyFormat` (test/release/upgrade-rollout.ts; scripts/pack-check-release.sh runs the same
 * scenario on the tarball).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kafkaHandler } from '../../lib/index.ts';
import { captureProcessOutput, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { kafkaHandler as kafkaHandler030 } from '../fixtures/releases/v0.3.0/lib/consumer/kafka-handler.ts';
import { type RolloutHandlerOptions, upgradeRollout } from '../release/upgrade-rollout.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

test('0.3.0 -> this release: side by side on one stream with duplicates, then alone: none lost, none doubled', async () => {
  const report = await upgradeRollout({
    oldKafkaHandler: (options: RolloutHandlerOptions) => kafkaHandler030(options as never),
    newKafkaHandler: (options: RolloutHandlerOptions) => kafkaHandler(options),
    testkit: { capture: (fn) => captureProcessOutput(fn), lambdaContext, mskEvent, mskRecord },
    redisUrl: redisUrl(),
    service: uniqueService('upgrade-030'),
    previousKeyFormat: '0.3.0',
  });
  assert.deepEqual(report.lost, [], 'events never run');
  assert.deepEqual(report.doubled, [], 'events run twice');
  assert.equal(report.events, 150);
  assert.equal(report.records, 200);
  // Both releases did part of the work (the side-by-side phase is real).
  assert.ok(report.runsBy.old > 0 && report.runsBy.new > 0, JSON.stringify(report.runsBy));
});
