/**
 * The bench's group-commit case (bench/group-commit.ts) measures what it says on the store as it
 * is: its "at the end" handler is one the settings accept (the largest group they allow), and it
 * reads DONE where the store writes it (a fresh field of the key's mark hash). On a real Redis, a
 * batch small enough for a test: a crash before the final commit would re-run every record that
 * finished, while the default groups have committed most of them by the last sample point.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { measureGroupCommit } from '../../bench/group-commit.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

test('group commit case: runs with the settings as declared, and counts the marks the store writes', async () => {
  const records = 400;
  const result = await measureGroupCommit({
    url: redisUrl(),
    records,
    warmups: 0,
    repetitions: 1,
    service: uniqueService('bench-group'),
  });
  const { points, grouped, atEnd } = result.reRunsIfCrashed;
  // Nothing is DONE before the final commit: every finished record, and the one running.
  assert.deepEqual(
    atEnd,
    points.map((p) => p + 1),
  );
  // The default groups (100 records) sent several commits before the last point; each sample's
  // round trip came after the groups before it were sent, so they have landed.
  const last = points.length - 1;
  assert.ok(
    grouped[last]! < atEnd[last]! - 100,
    `grouped ${grouped[last]} at record ${points[last]}: the groups' marks were not counted as DONE`,
  );
});
