/**
 * Group commit alone (bench/group-commit.ts: its cost per record and the re-runs a crash would
 * cause), at any size; `npm run bench` runs it on standalone Redis too.
 *
 * Run: node --expose-gc bench/micro/group-commit.ts [records=3000] [repetitions=11]
 */
import { formatGroupCommit, measureGroupCommit } from '../group-commit.ts';

const records = Number(process.argv[2] ?? 3000);
const repetitions = Number(process.argv[3] ?? 11);
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const result = await measureGroupCommit({ url, records, repetitions });
console.log(formatGroupCommit(result));
console.log(JSON.stringify(result));
process.exit(0);
