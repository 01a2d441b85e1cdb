/**
 * `msk-once triage`: the analysis on a real local run's output (the emulator and a real
 * kafkaHandler), the command on that output, and the command against an AWS account.
 *
 * No AWS endpoint runs here, so the account tests mock the SDK clients (aws-sdk-client-mock) with
 * responses shaped as the CloudWatch API reference documents them: DescribeAlarms (MetricAlarms,
 * NextToken), GetMetricData (MetricDataResults with Id, Label, Timestamps, Values, StatusCode;
 * a SEARCH expression answers one result per series, same Id), StartQuery (queryId) and
 * GetQueryResults (status, results as rows of {field, value}).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  CloudWatchClient,
  DescribeAlarmsCommand,
  GetMetricDataCommand,
  type GetMetricDataCommandInput,
  type MetricAlarm,
} from '@aws-sdk/client-cloudwatch';
import {
  CloudWatchLogsClient,
  GetQueryResultsCommand,
  StartQueryCommand,
  StopQueryCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import { mockClient } from 'aws-sdk-client-mock';
import { evaluateAlarm, findings } from '../../cli/triage/analysis.ts';
import { metricQueries, queryLogs, TRIAGE_LOGS_QUERY, TriageReadError } from '../../cli/triage/aws.ts';
import { analyzeLogLines } from '../../cli/triage/log-lines.ts';
import { analyzeRun, runTriage } from '../../cli/triage/main.ts';
import { Signals, signalsFromEmf } from '../../cli/triage/signals.ts';
import { EventSourceMapping, esmMetricDocuments } from '../../emulator/index.ts';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { ENVIRONMENTS, environment } from '../../infra/environments.ts';
import { alarmRules } from '../../lib/alarms.ts';
import {
  DEFAULT_NAMESPACE,
  Dimension,
  dedupKey,
  dedupKeyPrefix,
  MARKS_NOT_COMPACT_MESSAGE,
  METRIC_DIMENSIONS,
  Metric,
} from '../../lib/contract.ts';
import { fnOf, logWith, PARTIAL_RESPONSES, reportingHandler } from '../emulator/helpers.ts';
import { type LocalRun, localRun } from '../support/local-run.ts';

/** A control character other than the line feed that ends each printed line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const sum = (lines: Record<string, unknown>[], metric: string) =>
  lines.filter((l) => l._aws && typeof l[metric] === 'number').reduce((a, l) => a + (l[metric] as number), 0);

async function triage(
  argv: string[],
  io: Omit<Parameters<typeof runTriage>[1], 'out' | 'environments'> = {},
) {
  let text = '';
  const code = await runTriage(argv, { environments: ENVIRONMENTS, ...io, out: (t) => (text += t) });
  return { code, text };
}

describe('on a real local run', () => {
  let run: LocalRun;
  let dir: string;
  let file: string;
  before(async () => {
    run = await localRun();
    dir = mkdtempSync(path.join(tmpdir(), 'msk-once-triage-'));
    file = path.join(dir, 'run.jsonl');
    writeFileSync(file, `${run.lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the alarms that fire are those the run earned, judged by the deployed rules', () => {
    const { evaluations, logs } = analyzeRun(run.lines, alarmRules(environment('dev').alarms));
    const state = Object.fromEntries(evaluations.map((e) => [e.rule.key, e.state]));
    const processed = sum(run.lines, 'MessagesProcessed');
    const deduplicated = sum(run.lines, 'MessagesDeduplicated');
    assert.ok(deduplicated / processed > 0.1, `the run repeats enough: ${deduplicated}/${processed}`);
    assert.equal(state.dedupRatio, 'ALARM');
    assert.equal(
      evaluations.find((e) => e.rule.key === 'dedupRatio')!.value,
      deduplicated / processed,
      'the ratio is the EMF sums, as the CloudWatch math computes it',
    );
    assert.equal(state.dedupErrors, 'ALARM', 'Redis was down for two invocations');
    assert.ok(run.dlq > 0);
    assert.equal(state.dlqRecords, 'ALARM');
    for (const quiet of [
      'recordsLost',
      'mappingStalled',
      'mappingErrors',
      'offsetLag',
      'throttles',
    ] as const) {
      assert.equal(state[quiet], 'OK', quiet);
    }
    // The duplicates lines name what was skipped: every cause appears, per partition.
    assert.ok(logs.byCause.done > 0 && logs.byCause.inBatch > 0, JSON.stringify(logs.byCause));
    assert.equal(
      logs.byPartition.reduce((a, [, n]) => a + n, 0),
      logs.duplicates + logs.byCause.held,
    );
    assert.equal(logs.duplicates, deduplicated, 'the log line and the metric count the same records');
  });

  test('`--from`: per firing alarm, what it means, what the data shows, the runbook section', async () => {
    const { code, text } = await triage(['--env', 'dev', '--from', file]);
    assert.equal(code, 0);
    assert.match(text, /WOULD FIRE {2}msk-once-dev-notification-dedup-ratio/);
    assert.match(text, /means: {3}More than 10% of notification\/on-review-created's records were repeats/);
    assert.match(text, /data: {4}\d+\.\d% of records were repeats \(\d+ of \d+\)/);
    assert.match(text, /skipped by partition.*review-created-\d \d+\.\d% \(\d+\)/);
    assert.match(text, /causes: \d+ DONE earlier .*, \d+ copies in the same batch/);
    assert.match(
      text,
      /runbook: https:\/\/github\.com\/msk-once\/msk-once\/blob\/main\/docs\/runbook\.md#dedup-ratio/,
    );
    assert.match(text, /WOULD FIRE {2}msk-once-dev-notification-dlq-records/);
    assert.match(text, /cannot be notified/, 'the DLQ section names the error the records failed with');
    assert.doesNotMatch(text, /records-lost/);
  });

  test('the command runs as `npm run triage` does (no AWS needed for a file)', () => {
    const text = execFileSync(
      process.execPath,
      [path.join(PROJECT_ROOT, 'scripts', 'triage.ts'), '--env', 'dev', '--from', file],
      { encoding: 'utf8', env: { PATH: process.env.PATH } },
    );
    assert.match(text, /would have fired/);
    assert.match(text, /dedup-ratio/);
  });
});

describe('evaluation follows CloudWatch', () => {
  const rules = alarmRules({ offsetLag: 100 });
  const at = (i: number) => i * 300_000;

  test('M of N periods, and only the last N count', () => {
    const s = new Signals(300_000);
    for (const [i, v] of [150, 150, 50, 150, 150].entries()) s.set('maxOffsetLag', 'm1', at(i), v);
    const e = evaluateAlarm(rules.offsetLag, s); // 3 of 3 above 100
    assert.equal(e.state, 'OK');
    s.set('maxOffsetLag', 'm1', at(5), 120);
    assert.equal(evaluateAlarm(rules.offsetLag, s).state, 'ALARM');
    assert.deepEqual(evaluateAlarm(rules.offsetLag, s).alarmWindows, [{ from: at(5), to: at(6) }]);
  });

  test('missing data: silence is nothing, for a counter and (by default) for mapping-stalled', () => {
    const silent = new Signals(300_000);
    assert.equal(evaluateAlarm(rules.dlqRecords, silent).state, 'INSUFFICIENT_DATA');
    // AWS does not say MaxOffsetLag or InvokedEventCount are emitted while a mapping is idle:
    // an idle environment must not page by default.
    assert.equal(rules.mappingStalled.missingData, 'notBreaching');
    assert.equal(evaluateAlarm(rules.mappingStalled, silent).state, 'INSUFFICIENT_DATA');
    // An idle mapping that reports a lag of 0 and no invocation is consuming, not stalled.
    const idle = new Signals(300_000);
    for (let i = 0; i < 3; i++) idle.set('maxOffsetLag', 'm1', at(i), 0);
    assert.equal(evaluateAlarm(rules.mappingStalled, idle).state, 'OK');
    // An environment with steady traffic may choose to page on a mapping that reports nothing.
    const paging = alarmRules({ offsetLag: 100, silentMapping: 'page' });
    assert.equal(evaluateAlarm(paging.mappingStalled, silent).state, 'ALARM');
  });

  test('a consumer of more than five topics: the dedup ratio per group of topics, as its split alarm', () => {
    const topics = Array.from({ length: 7 }, (_, i) => `t${i}`);
    const s = new Signals(300_000);
    for (let i = 0; i < 2; i++) {
      for (const t of topics) {
        s.set('processed', t, at(i), t === 't6' ? 500 : 1000);
        // t6 repeats 40%: 200 of 1500 in its group (t5, t6) is 13.3%, of 6500 consumer-wide 3.1%.
        s.set('deduplicated', t, at(i), t === 't6' ? 200 : 0);
      }
    }
    const ratio = alarmRules().dedupRatio;
    assert.equal(evaluateAlarm(ratio, s).state, 'OK', 'consumer-wide: 200 / 6500');
    const split = evaluateAlarm(ratio, s, { topics });
    assert.equal(split.state, 'ALARM', 'group [t5, t6]: 200 / 1500');
    assert.equal(split.value, 200 / 1500);
    assert.ok(
      findings(split, s).includes('by group of topics (one part alarm each): t0..t4 0.0%, t5..t6 13.3%'),
      findings(split, s).join('\n'),
    );
    assert.equal(
      evaluateAlarm(ratio, s, { topics: topics.slice(0, 5) }).state,
      'OK',
      'five topics: one group',
    );
  });

  test('records lost: a record whose DLQ write failed counts once (DroppedEventCount already holds it)', async () => {
    // As AWS counts: a record the mapping gave up and could not write to its destination is in
    // DroppedEventCount, and its failed write in OnFailureDestinationDeliveryErrorCount.
    const log = logWith('t', 1, 3);
    const esm = new EventSourceMapping(log, fnOf(reportingHandler((_, v) => v === 'v2')), {
      topics: ['t'],
      ...PARTIAL_RESPONSES,
      maximumBatchingWindowInSeconds: 0,
      maximumRetryAttempts: 0,
      onFailureDestination: 'kafka://missing-dlq',
    });
    await esm.drain();
    assert.equal(esm.stats.undeliverable.length, 1, 'one record lost');
    const signals = signalsFromEmf(esmMetricDocuments(esm, { functionName: 'f', at: T0 }) as never, {
      period: 'run',
    });
    assert.equal(signals.total('undelivered'), 1, 'its failed write is counted');
    const lost = evaluateAlarm(alarmRules().recordsLost, signals, { assumeSustained: true });
    assert.equal(lost.state, 'ALARM');
    assert.equal(lost.value, 1, 'one record lost, not two');
    assert.deepEqual(findings(lost, signals), [
      'records lost (DroppedEventCount): 1, of which DLQ writes failed (OnFailureDestinationDeliveryErrorCount): 1',
    ]);
  });

  test('marks past the compact encoding: 3 of 3 periods fire it, not dedup-errors; the findings give the rate and the layout change', () => {
    // As the consumer prints them: DedupMarksNotCompact (service, Handler), MessagesProcessed per topic.
    const emf = (t: number, metric: string, value: number, dims: Record<string, string>) => ({
      _aws: {
        Timestamp: t,
        CloudWatchMetrics: [
          {
            Namespace: DEFAULT_NAMESPACE,
            Dimensions: [Object.keys(dims)],
            Metrics: [{ Name: metric, Unit: 'Count' }],
          },
        ],
      },
      ...dims,
      [metric]: value,
    });
    const handler = { [Dimension.service]: 'notification', [Dimension.handler]: 'on-review-created' };
    const topic = { ...handler, [Dimension.topic]: 'review-created' };
    assert.deepEqual(Object.keys(handler), METRIC_DIMENSIONS[Metric.marksNotCompact]);
    const lines: Record<string, unknown>[] = [
      emf(T0, Metric.marksNotCompact, 5, handler),
      emf(T0 + 300_000, Metric.marksNotCompact, 7, handler),
      emf(T0 + 300_000, Metric.processed, 90_000, topic),
      emf(T0 + 300_000 + 1, Metric.processed, 20_000, topic),
    ];
    const rule = alarmRules().marksNotCompact;
    assert.equal(evaluateAlarm(rule, signalsFromEmf(lines, { period: 300_000 })).state, 'OK', '2 of 3');
    lines.push(emf(T0 + 600_000, Metric.marksNotCompact, 2, handler));
    const s = signalsFromEmf(lines, { period: 300_000 });
    const e = evaluateAlarm(rule, s);
    assert.equal(e.state, 'ALARM');
    assert.equal(e.value, 2);
    const storeFailed = evaluateAlarm(alarmRules().dedupErrors, s);
    assert.deepEqual([storeFailed.state, storeFailed.value], ['OK', undefined], 'not a store failure');
    const logs = analyzeLogLines([
      { level: 'WARN', message: MARKS_NOT_COMPACT_MESSAGE, overfullMarks: 2, timestamp: T0 + 600_000 },
    ]);
    const said = findings(e, s, logs);
    assert.match(
      said[0]!,
      /^14 DONE marks went into hashes past the compact encoding \(DedupMarksNotCompact\)/,
    );
    assert.match(said[0]!, /declared eventsPerSecond/);
    assert.ok(
      said.includes(
        'busiest period: 110000 records processed, 366.7/s (new events are at most that, duplicates included)',
      ),
      said.join('\n'),
    );
    assert.ok(
      said.some((l) => l.includes(MARKS_NOT_COMPACT_MESSAGE)),
      'the WARN lines',
    );
    assert.match(said.at(-1)!, /raise eventsPerSecond .*\(previousKeyFormat '0\.3\.0'/);
    // Read from CloudWatch by the handler's dimensions.
    const { queries, index } = metricQueries(
      {
        namespace: DEFAULT_NAMESPACE,
        service: 'notification',
        handlerName: 'on-review-created',
        topics: ['review-created'],
        functionName: 'f',
        mappingIds: [],
      },
      300,
    );
    const q = queries.find((x) => index.get(x.Id!)?.name === 'marksNotCompact')!;
    assert.equal(q.MetricStat!.Metric!.MetricName, Metric.marksNotCompact);
    assert.deepEqual(q.MetricStat!.Metric!.Dimensions, [
      { Name: Dimension.service, Value: 'notification' },
      { Name: Dimension.handler, Value: 'on-review-created' },
    ]);
  });

  test('a mapping with waiting records and no invocation is stalled; one that invokes is not', () => {
    const s = new Signals(300_000);
    for (let i = 0; i < 3; i++) {
      s.set('maxOffsetLag', 'a', at(i), 40);
      s.set('invoked', 'a', at(i), 0);
      s.set('maxOffsetLag', 'b', at(i), 5);
      s.set('invoked', 'b', at(i), 100);
    }
    assert.equal(evaluateAlarm(rules.mappingStalled, s).state, 'ALARM');
    s.set('invoked', 'a', at(2), 3);
    assert.equal(evaluateAlarm(rules.mappingStalled, s).state, 'OK');
  });
});

// --- an AWS account, mocked ---------------------------------------------------------------------

const PREFIX = 'msk-once-prod-notification-';
const ESM = '9b1e2f4a-1111-4c2d-8e3f-0a1b2c3d4e5f';
const T0 = Date.parse('2026-11-30T02:00:00Z');
const NOW = T0 + 60 * 60_000;

function alarm(section: string, state: string, metrics: MetricAlarm['Metrics'] = []): MetricAlarm {
  return {
    AlarmName: `${PREFIX}${section}`,
    AlarmArn: `arn:aws:cloudwatch:eu-west-1:333333333333:alarm:${PREFIX}${section}`,
    StateValue: state as MetricAlarm['StateValue'],
    StateReason: 'Threshold Crossed: 2 out of the last 2 datapoints were greater than the threshold (0.1).',
    StateUpdatedTimestamp: new Date(T0 + 25 * 60_000),
    Metrics: metrics,
    Threshold: 0.1,
    ComparisonOperator: 'GreaterThanThreshold',
    EvaluationPeriods: 2,
  };
}

const esmMetric = (id: string, name: string) => ({
  Id: id,
  MetricStat: {
    Metric: {
      Namespace: 'AWS/Lambda',
      MetricName: name,
      Dimensions: [{ Name: 'EventSourceMappingUUID', Value: ESM }],
    },
    Period: 300,
    Stat: 'Sum',
  },
  ReturnData: false,
});

/** Per query, values over 12 five-minute periods: duplicates climb from 02:10 on partition 3. */
function metricData(input: GetMetricDataCommandInput) {
  const stamps = Array.from({ length: 12 }, (_, i) => new Date(T0 + i * 300_000));
  const results = [];
  for (const q of input.MetricDataQueries ?? []) {
    const name = q.MetricStat?.Metric?.MetricName;
    if (q.Expression?.includes('DedupErrors')) {
      // A SEARCH: one result per Reason, all with the query's Id, labelled by the dynamic label.
      results.push({
        Id: q.Id,
        Label: 'timeout',
        Timestamps: stamps.slice(2, 4),
        Values: [3, 1],
        StatusCode: 'Complete',
      });
      results.push({
        Id: q.Id,
        Label: 'connection',
        Timestamps: stamps.slice(3, 4),
        Values: [2],
        StatusCode: 'Complete',
      });
      continue;
    }
    const series: Record<string, number[]> = {
      MessagesProcessed: stamps.map(() => 1000),
      MessagesDeduplicated: stamps.map((_, i) => (i >= 2 && i < 5 ? 350 : 5)),
      MaxOffsetLag: stamps.map(() => 12),
      InvokedEventCount: stamps.map(() => 1000),
    };
    const values = series[name ?? ''];
    results.push({
      Id: q.Id,
      Label: name ?? q.Id,
      Timestamps: values ? stamps : [],
      Values: values ?? [],
      StatusCode: 'Complete',
    });
  }
  return { MetricDataResults: results, Messages: [] };
}

function duplicatesRow(minute: number, partition: number, n: number) {
  const message = {
    level: 'INFO',
    message: 'duplicates skipped',
    service: 'notification',
    timestamp: new Date(T0 + minute * 60_000).toISOString(),
    duplicates: n,
    duplicatesDone: n - 1,
    duplicatesInBatch: 1,
    held: 0,
    skipped: [
      {
        eventId: '01JDQ2Z7X0KQ6M4R7T9V2W3Y4Z',
        position: `review-created-${partition}@${1000 + minute}`,
        cause: 'done',
      },
    ],
    skippedOmitted: n - 1,
    byPartition: { [`review-created-${partition}`]: n },
  };
  return [
    {
      field: '@timestamp',
      value: new Date(T0 + minute * 60_000).toISOString().replace('T', ' ').slice(0, 23),
    },
    { field: '@message', value: JSON.stringify(message) },
    { field: '@ptr', value: 'CmAKJwojMzMzMzMzMzMzMzM6L2F3cy9sYW1iZGEvbXNrLW9uY2U' },
  ];
}

describe('against an AWS account (SDK clients mocked with documented response shapes)', () => {
  const cw = mockClient(CloudWatchClient);
  const logs = mockClient(CloudWatchLogsClient);
  const io = () => ({
    cloudWatch: new CloudWatchClient({ region: 'eu-west-1' }),
    logs: new CloudWatchLogsClient({ region: 'eu-west-1' }),
    now: () => NOW,
    sleep: async () => {},
  });

  test('a firing dedup-ratio alarm: the metrics behind it, the partitions and causes from the logs, its runbook section', async () => {
    cw.reset();
    logs.reset();
    cw.on(DescribeAlarmsCommand)
      .resolvesOnce({
        MetricAlarms: [alarm('dedup-ratio', 'ALARM'), alarm('dedup-errors', 'OK')],
        NextToken: 'page-2',
      })
      .resolvesOnce({
        MetricAlarms: [
          alarm('dlq-records', 'OK', [esmMetric('dlq0', 'OnFailureDestinationDeliveredEventCount')]),
        ],
      });
    cw.on(GetMetricDataCommand).callsFake(metricData);
    logs.on(StartQueryCommand).resolves({ queryId: '12ab3456-12ab-123a-789e-1234567890ab' });
    logs
      .on(GetQueryResultsCommand)
      .resolvesOnce({ status: 'Running', results: [] })
      .resolves({
        status: 'Complete',
        statistics: { recordsMatched: 4, recordsScanned: 100, bytesScanned: 20000 },
        results: [
          duplicatesRow(11, 3, 300),
          duplicatesRow(18, 3, 400),
          duplicatesRow(24, 1, 50),
          duplicatesRow(25, 3, 300),
        ],
      });

    const { code, text } = await triage(
      ['--env', 'prod', '--consumer', 'notification', '--since', '1h'],
      io(),
    );
    assert.equal(code, 0);
    assert.match(text, /notification \(msk-once-prod-notification\): 3 alarms, 1 ALARM, 2 OK/);
    assert.match(text, /ALARM {2}msk-once-prod-notification-dedup-ratio since 2026-11-30 02:25 UTC/);
    assert.match(
      text,
      /data: {4}9\.1% of records were repeats \(1095 of 12000\) \(in ALARM 02:15-02:25 UTC\)/,
    );
    assert.match(
      text,
      /skipped by partition between 02:11 and 02:25 UTC: review-created-3 95\.2% \(1000\), review-created-1 4\.8% \(50\)/,
    );
    assert.match(
      text,
      /causes: 1046 DONE earlier \(redelivered or republished\), 4 copies in the same batch, 0 held/,
    );
    // The sample names the key the consumer wrote for it (the logged id is canonical: any id source).
    const sampleKey = dedupKey(
      dedupKeyPrefix('notification', 'on-review-created'),
      '01JDQ2Z7X0KQ6M4R7T9V2W3Y4Z',
    );
    assert.ok(text.includes(`e.g. 01JDQ2Z7X0KQ6M4R7T9V2W3Y4Z at review-created-`), text);
    assert.ok(text.includes(`(done), key ${sampleKey}`), text);
    assert.match(
      text,
      /runbook: https:\/\/github\.com\/msk-once\/msk-once\/blob\/main\/docs\/runbook\.md#dedup-ratio/,
    );
    assert.doesNotMatch(text, /dedup-errors {2}\(/, 'alarms in OK are not explained');

    const describe = cw.commandCalls(DescribeAlarmsCommand).map((c) => c.args[0].input);
    assert.deepEqual(
      describe.map((i) => [i.AlarmNamePrefix, i.NextToken]),
      [
        [PREFIX, undefined],
        [PREFIX, 'page-2'],
      ],
    );
    const queries = cw.commandCalls(GetMetricDataCommand)[0]!.args[0].input.MetricDataQueries!;
    const esmQueries = queries.filter((q) =>
      q.MetricStat?.Metric?.Dimensions?.some((d) => d.Name === 'EventSourceMappingUUID' && d.Value === ESM),
    );
    assert.ok(esmQueries.length >= 5, 'the mapping ids come from the alarms');
    assert.ok(
      queries.every((q) => /^[a-z][A-Za-z0-9_]*$/.test(q.Id!)),
      'query ids as GetMetricData wants them',
    );
    const start = logs.commandCalls(StartQueryCommand)[0]!.args[0].input;
    assert.equal(start.logGroupName, '/aws/lambda/msk-once-prod-notification');
    assert.equal(start.endTime, NOW / 1000);
    assert.equal(start.startTime, (NOW - 3_600_000) / 1000);
  });

  test('a rule split over groups of topics: its composite is the one alarm shown, its parts feed the mapping ids', async () => {
    cw.reset();
    logs.reset();
    const part = (k: number, state: string) => ({
      ...alarm(`dlq-records-part${k}`, state, [
        esmMetric(`dlq${k}`, 'OnFailureDestinationDeliveredEventCount'),
      ]),
    });
    cw.on(DescribeAlarmsCommand).resolves({
      MetricAlarms: [alarm('dedup-ratio', 'OK'), part(1, 'ALARM'), part(2, 'OK')],
      CompositeAlarms: [
        {
          AlarmName: `${PREFIX}dlq-records`,
          StateValue: 'ALARM',
          StateReason: 'alarm rule evaluated to ALARM',
          StateUpdatedTimestamp: new Date(T0 + 25 * 60_000),
          AlarmRule: `ALARM("${PREFIX}dlq-records-part1") OR ALARM("${PREFIX}dlq-records-part2")`,
        },
      ],
    });
    cw.on(GetMetricDataCommand).callsFake(metricData);
    logs.on(StartQueryCommand).resolves({ queryId: 'q-2' });
    logs.on(GetQueryResultsCommand).resolves({
      status: 'Complete',
      statistics: { recordsMatched: 0, recordsScanned: 0, bytesScanned: 0 },
      results: [],
    });
    const { code, text } = await triage(['--env', 'prod', '--consumer', 'notification'], io());
    assert.equal(code, 0);
    assert.match(text, /: 2 alarms, 1 OK, 1 ALARM/, 'the parts are not counted as alarms of their own');
    assert.match(text, /ALARM {2}msk-once-prod-notification-dlq-records since/);
    assert.doesNotMatch(text, /not an alarm of this version/);
    assert.doesNotMatch(text, /part\d/);
    const described = cw.commandCalls(DescribeAlarmsCommand)[0]!.args[0].input;
    assert.deepEqual(described.AlarmTypes, ['MetricAlarm', 'CompositeAlarm']);
    const queries = cw.commandCalls(GetMetricDataCommand)[0]!.args[0].input.MetricDataQueries!;
    assert.ok(
      queries.some((q) => q.MetricStat?.Metric?.Dimensions?.some((d) => d.Value === ESM)),
      'the mapping id comes from the parts',
    );
  });

  test('nothing in ALARM: says so and reads no metrics', async () => {
    cw.reset();
    logs.reset();
    cw.on(DescribeAlarmsCommand).resolves({
      MetricAlarms: [alarm('dedup-ratio', 'OK'), alarm('mapping-stalled', 'INSUFFICIENT_DATA')],
    });
    const { code, text } = await triage(['--env', 'prod'], io());
    assert.equal(code, 0);
    assert.match(text, /1 OK, 1 INSUFFICIENT_DATA/);
    assert.match(text, /no alarm of prod is in ALARM/);
    assert.equal(cw.commandCalls(GetMetricDataCommand).length, 0);
    assert.equal(logs.commandCalls(StartQueryCommand).length, 0);
  });

  test('a Logs Insights query that fails is an error naming the log group', async () => {
    logs.reset();
    logs.on(StartQueryCommand).resolves({ queryId: 'q-1' });
    logs.on(GetQueryResultsCommand).resolves({ status: 'Failed', results: [] });
    await assert.rejects(
      queryLogs(
        new CloudWatchLogsClient({ region: 'eu-west-1' }),
        '/aws/lambda/x',
        new Date(0),
        new Date(1),
        'fields @message',
        {
          sleep: async () => {},
        },
      ),
      (e: unknown) =>
        e instanceof TriageReadError && /\/aws\/lambda\/x ended Failed/.test((e as Error).message),
    );
  });
});

describe('Logs Insights reads (GetQueryResults as its API reference documents it)', () => {
  // The documented response: `status` one of Scheduled | Running | Complete | Failed | Cancelled |
  // Timeout | Unknown, `results` as rows of {field, value}, `statistics` with recordsMatched,
  // recordsScanned, bytesScanned (doubles); a query's `limit` returns 10,000 rows at most.
  const logs = mockClient(CloudWatchLogsClient);
  const client = () => new CloudWatchLogsClient({ region: 'eu-west-1' });
  const errorRow = (minute: number, level: string, message: string) => [
    {
      field: '@timestamp',
      value: new Date(T0 + minute * 60_000).toISOString().replace('T', ' ').slice(0, 23),
    },
    {
      field: '@message',
      value: JSON.stringify({ level, message, timestamp: new Date(T0 + minute * 60_000).toISOString() }),
    },
  ];

  test('the query reads the newest lines first and every Powertools problem level, CRITICAL included', () => {
    assert.match(TRIAGE_LOGS_QUERY, /\| sort @timestamp desc\n/);
    assert.doesNotMatch(TRIAGE_LOGS_QUERY, /asc/);
    for (const level of ['WARN', 'ERROR', 'CRITICAL'])
      assert.match(TRIAGE_LOGS_QUERY, new RegExp(`level = "${level}"`));
    assert.match(TRIAGE_LOGS_QUERY, /\| limit 10000$/);
  });

  test('a busy consumer: more lines matched than returned is a warning naming both counts', async () => {
    const cw = mockClient(CloudWatchClient);
    cw.on(DescribeAlarmsCommand).resolves({
      MetricAlarms: [
        alarm('dlq-records', 'ALARM', [esmMetric('dlq0', 'OnFailureDestinationDeliveredEventCount')]),
      ],
    });
    cw.on(GetMetricDataCommand).callsFake(metricData);
    logs.reset();
    logs.on(StartQueryCommand).resolves({ queryId: 'q-busy' });
    logs.on(GetQueryResultsCommand).resolves({
      status: 'Complete',
      statistics: { recordsMatched: 25000, recordsScanned: 900000, bytesScanned: 1.2e9 },
      results: [
        errorRow(50, 'CRITICAL', 'cannot reach the provider'),
        errorRow(49, 'ERROR', 'record failed'),
      ],
    });
    let text = '';
    await runTriage(['--env', 'prod', '--consumer', 'notification'], {
      environments: ENVIRONMENTS,
      cloudWatch: new CloudWatchClient({ region: 'eu-west-1' }),
      logs: client(),
      now: () => NOW,
      sleep: async () => {},
      out: (t) => (text += t),
    });
    cw.restore();
    assert.match(
      text,
      /WARNING: the logs of \/aws\/lambda\/msk-once-prod-notification hold 25000 matching lines in this range; read the newest 2 .*leave out 24998 older lines/,
    );
    assert.match(
      text,
      /1 x CRITICAL "cannot reach the provider"/,
      'a CRITICAL line is a problem the DLQ section names',
    );
  });

  test('every line matched was read: no warning', async () => {
    logs.reset();
    logs.on(StartQueryCommand).resolves({ queryId: 'q-all' });
    logs.on(GetQueryResultsCommand).resolves({
      status: 'Complete',
      statistics: { recordsMatched: 1, recordsScanned: 10, bytesScanned: 100 },
      results: [errorRow(1, 'ERROR', 'x')],
    });
    const read = await queryLogs(client(), '/aws/lambda/x', new Date(0), new Date(1), TRIAGE_LOGS_QUERY);
    assert.deepEqual([read.rows.length, read.recordsMatched, read.left], [1, 1, 0]);
  });

  test('a query still running at the deadline is stopped (StopQuery) and the error says so', async () => {
    logs.reset();
    logs.on(StartQueryCommand).resolves({ queryId: 'q-slow' });
    logs.on(GetQueryResultsCommand).resolves({ status: 'Running', results: [] });
    logs.on(StopQueryCommand).resolves({ success: true });
    let clock = 0;
    await assert.rejects(
      queryLogs(client(), '/aws/lambda/x', new Date(0), new Date(1), TRIAGE_LOGS_QUERY, {
        timeoutMs: 5000,
        pollMs: 1000,
        now: () => clock,
        sleep: async (ms) => {
          clock += ms;
        },
      }),
      (e: unknown) =>
        e instanceof TriageReadError &&
        /\/aws\/lambda\/x did not finish in 5 s \(Running\); stopped/.test((e as Error).message),
    );
    assert.deepEqual(
      logs.commandCalls(StopQueryCommand).map((c) => c.args[0].input),
      [{ queryId: 'q-slow' }],
    );
  });

  test('a query Logs Insights timed out itself is an error, and there is nothing to stop', async () => {
    logs.reset();
    logs.on(StartQueryCommand).resolves({ queryId: 'q-timeout' });
    logs.on(GetQueryResultsCommand).resolves({ status: 'Timeout', results: [] });
    await assert.rejects(
      queryLogs(client(), '/aws/lambda/x', new Date(0), new Date(1), TRIAGE_LOGS_QUERY, {
        sleep: async () => {},
      }),
      /ended Timeout/,
    );
    assert.equal(logs.commandCalls(StopQueryCommand).length, 0);
  });
});

describe('producer-controlled text reaches the terminal inert', () => {
  // A handler's error message is the producer's text (a record's value quoted in it, say): an OSC 52
  // clipboard write, an OSC 0 title, CSI 2J (clear screen), a C1 CSI, and newlines that would forge
  // a runbook line and the all-clear line of the triage.
  const evil =
    'cannot notify \u001b]52;c;ZXZpbA==\u0007 \u001b]0;pwned\u0007 \u001b[2J \u009b31m' +
    '\n  runbook: https://evil.example/runbook\nno alarm of dev is in ALARM';
  let dir: string;
  let file: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'msk-once-triage-evil-'));
    file = path.join(dir, 'run.jsonl');
    const lines = [
      // What the emulated mapping reports for a record written to the DLQ (the AWS/Lambda EMF).
      {
        _aws: {
          Timestamp: T0,
          CloudWatchMetrics: [
            {
              Namespace: 'AWS/Lambda',
              Dimensions: [['EventSourceMappingUUID']],
              Metrics: [{ Name: 'OnFailureDestinationDeliveredEventCount', Unit: 'Count' }],
            },
          ],
        },
        EventSourceMappingUUID: ESM,
        OnFailureDestinationDeliveredEventCount: 1,
      },
      {
        level: 'ERROR',
        message: `record failed \u001b]0;title\u0007`,
        timestamp: new Date(T0).toISOString(),
        error: { name: 'Error\u009b2J', message: evil },
      },
    ];
    writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('`--from`: the error is shown escaped, on its own line, and forges no line', async () => {
    const { code, text } = await triage(['--env', 'dev', '--from', file]);
    assert.equal(code, 0);
    assert.match(text, /WOULD FIRE {2}msk-once-dev-notification-dlq-records/);
    assert.doesNotMatch(text, CONTROL_BUT_LF, 'no control character but the line ends');
    assert.match(text, /\\x1b\]52;c;ZXZpbA==\\x07/, 'the OSC 52 is shown, escaped');
    assert.match(text, /\\x9b31m/);
    const runbookLines = text.split('\n').filter((l) => /runbook:/.test(l) && !/cannot notify/.test(l));
    assert.ok(
      runbookLines.every((l) => l.includes('github.com/msk-once/msk-once')),
      `no forged runbook line:\n${runbookLines.join('\n')}`,
    );
    assert.doesNotMatch(text, /^no alarm of dev is in ALARM/m, 'no forged all-clear line');
  });
});

describe('command line', () => {
  test('bad settings stop with exit 2 and a message naming the setting', async () => {
    for (const [argv, message] of [
      [[], /--env is required/],
      [['--env', 'qa'], /--env: unknown environment 'qa': known are dev, staging, prod/],
      [
        ['--env', 'dev', '--consumer', 'billing'],
        /--consumer 'billing' is not a consumer of dev: notification/,
      ],
      [['--env', 'dev', '--since', 'yesterday'], /--since must be like 30m, 2h or 1d, got "yesterday"/],
      [['--env', 'dev', '--from', '/nonexistent/run.jsonl'], /--from \/nonexistent\/run\.jsonl: ENOENT/],
      [['--env', 'dev', '--bogus'], /Unknown option '--bogus'/],
    ] as const) {
      const { code, text } = await triage([...argv]);
      assert.equal(code, 2, argv.join(' '));
      assert.match(text, message);
      assert.match(text, /usage: msk-once triage/);
      assert.doesNotMatch(
        text,
        /npm run triage|infra\/environments\.ts/,
        'the help names no file of this repository',
      );
    }
  });

  test("an environment without namePrefix (a team's ENVIRONMENTS of before) is refused, naming it", async () => {
    const { namePrefix: _, ...dev } = ENVIRONMENTS.dev;
    let text = '';
    const code = await runTriage(['--env', 'dev', '--from', '/nonexistent/run.jsonl'], {
      environments: { dev } as unknown as Parameters<typeof runTriage>[1]['environments'],
      out: (t) => (text += t),
    });
    assert.equal(code, 2);
    assert.match(text, /--env dev: the environment has no namePrefix/);
  });
});
