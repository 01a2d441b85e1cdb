/**
 * Child process of the bench's latency case (bench/latency.ts, latencyModeInChild; run with
 * --expose-gc): the bench's contenders straight to Redis, then through the delay proxy, in a
 * process that has run nothing else. argv: one JSON LatencyChildSpec; prints the LatencyRun[] as
 * one JSON line.
 */
import { benchContenders } from './contenders/index.ts';
import { benchLatencySettings, benchLoopbackPlan, type LatencyChildSpec, latencyMode } from './latency.ts';

if (!globalThis.gc) throw new Error('latency-child.ts needs node --expose-gc');
const specJson = process.argv[2];
if (!specJson) throw new Error('usage: latency-child.ts <LatencyChildSpec JSON>');
const spec = JSON.parse(specJson) as LatencyChildSpec;
const runs = await latencyMode(
  spec.target,
  (target) => benchContenders(target, spec),
  spec.records,
  benchLatencySettings(spec.quick),
  benchLoopbackPlan(spec.quick),
);
process.stdout.write(`${JSON.stringify(runs)}\n`);
