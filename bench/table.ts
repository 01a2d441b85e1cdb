/**
 * Print the markdown of a results file (the loopback table with both floors, latency mode, stages,
 * bundles, memory, verdicts and the figures recorded without a verdict), as pasted into
 * docs/performance.md.
 *
 * Run: node bench/table.ts bench/results/<file>.json
 */
import { readFileSync } from 'node:fs';
import type { BundleResult } from './bundle.ts';
import type { LatencyRun } from './latency.ts';
import type { MemoryResult } from './memory.ts';
import {
  formatLatency,
  formatStages,
  formatTable,
  type ModeReport,
  type Recorded,
  type Verdict,
} from './report.ts';
import type { StagesResult } from './stages.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/table.ts bench/results/<file>.json');
const run = JSON.parse(readFileSync(file, 'utf8')) as {
  startedAt: string;
  durationSeconds: number;
  machine: Record<string, string | number>;
  modes: ModeReport[];
  bundle?: Record<string, BundleResult>;
  latency?: { runs: LatencyRun[] };
  stages?: StagesResult;
  verdicts: Verdict[];
  recorded?: Recorded[];
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const out: string[] = [];
out.push(
  `Run ${run.startedAt}, ${run.durationSeconds} s, ${run.machine.cores} x ${run.machine.cpu}, Node ${run.machine.node}, ${run.machine.redis}.`,
  '',
);
out.push(formatTable(run.modes), '');
for (const m of run.modes)
  for (const f of [m.floor, m.oneConnectionFloor])
    if (f?.note) out.push(`${m.mode}, -c ${f.clients}: ${f.note}.`, '');
if (run.latency) {
  const records = run.latency.runs[0]?.cases[0]?.records ?? 0;
  out.push(
    `Latency mode, ${records.toLocaleString('en-US')} records:`,
    '',
    formatLatency(run.latency.runs),
    '',
  );
}
if (run.stages)
  out.push(formatStages(run.stages, run.modes.find((m) => m.mode === 'standalone')?.oneConnectionFloor), '');
if (run.bundle) {
  out.push(
    '| bundle | size | source map | import (median) | node start + import | RSS after import |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const b of Object.values(run.bundle)) {
    out.push(
      `| ${b.entry} | ${kb(b.bytes)} | ${kb(b.mapBytes)} | ${b.loadMs.toFixed(1)} ms | ${b.processMs.toFixed(0)} ms | ${b.rssMb.toFixed(0)} MB |`,
    );
  }
  out.push('');
}
const memories = run.modes.filter((m) => m.memory).map((m) => [m.mode, m.memory!] as const);
if (memories.length) {
  out.push(
    '| memory, 10,000 x 1 KB | event JSON | parsed event | invocation peak above baseline (RSS / heap+ext) | x event | handler own peak (RSS / heap+ext) | x event |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const [mode, m] of memories as (readonly [string, MemoryResult])[]) {
    out.push(
      `| ${mode} | ${(m.eventBytes / 2 ** 20).toFixed(1)} MB | ${m.parsedEventHeapMb.toFixed(1)} MB | ${m.peakRssAboveBaselineMb.toFixed(1)} / ${m.peakHeapAboveBaselineMb.toFixed(1)} MB | ${m.ratioToEvent.toFixed(2)} | ${m.handlerPeakRssMb.toFixed(1)} / ${m.handlerPeakHeapMb.toFixed(1)} MB | ${m.handlerRatioToEvent.toFixed(2)} |`,
    );
  }
  out.push('');
}
out.push('| target | goal | measured | |', '| --- | --- | --- | --- |');
for (const v of run.verdicts)
  out.push(`| ${v.target} | ${v.goal} | ${v.measured} | ${v.met ? 'met' : 'missed'} |`);
if (run.recorded?.length) {
  out.push('', '| recorded, not judged | measured |', '| --- | --- |');
  for (const r of run.recorded) out.push(`| ${r.target} | ${r.measured} |`);
}
console.log(out.join('\n'));
