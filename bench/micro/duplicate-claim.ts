/**
 * Server time of a duplicate's claim (#33's "CPU per duplicate at most 2x 0.3.0's"), compact
 * marks against 0.3.0's string marks on one server in one run, the two taking turns round by
 * round (bench/bytes-per-event.ts `duplicateRounds`, whose median ratio is `npm run bench`'s
 * verdict), on a private redis-server.
 *
 * Run: node bench/micro/duplicate-claim.ts [port=7101] [rounds=9]
 */

import { startRedisServer } from '../../testkit/redis-server.ts';
import { duplicateRounds } from '../bytes-per-event.ts';

const server = await startRedisServer({ port: Number(process.argv[2] ?? 7101) });
try {
  const result = await duplicateRounds(server.url, { rounds: Number(process.argv[3] ?? 9) });
  console.log('Duplicate claims, server µs per event, a figure a round:');
  console.log(`compact: ${result.compact.join(' / ')}`);
  console.log(`0.3.0:   ${result.v030.join(' / ')}`);
  console.log(`median ratio: ${result.ratio}x (goal <= 2x)`);
} finally {
  await server.stop();
}
