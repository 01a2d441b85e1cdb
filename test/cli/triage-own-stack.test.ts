/**
 * `msk-once triage` for a team's own stack: the consumer from flags (names as the team's stack
 * gives them) or from a typed `--environments` module, and offline from a run's lines with nothing
 * else. The account reads stand on mocked SDK clients (no CloudWatch endpoint runs here), answering
 * in the documented shapes as test/cli/triage.test.ts does; what is checked is what is asked.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { CloudWatchClient, DescribeAlarmsCommand, GetMetricDataCommand } from '@aws-sdk/client-cloudwatch';
import {
  CloudWatchLogsClient,
  GetQueryResultsCommand,
  StartQueryCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import { mockClient } from 'aws-sdk-client-mock';
import { runTriage } from '../../cli/triage/main.ts';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import type { TriageEnvironments } from '../../lib/alarms.ts';
import { DEFAULT_NAMESPACE, Metric } from '../../lib/contract.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-triage-own-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A local run's lines: the consumer's EMF (dimensions service, Topic, Handler) with dedup errors. */
const run = path.join(dir, 'run.jsonl');
writeFileSync(
  run,
  `${[
    {
      _aws: {
        Timestamp: 0,
        CloudWatchMetrics: [
          {
            Namespace: DEFAULT_NAMESPACE,
            Dimensions: [['service', 'Topic', 'Handler']],
            Metrics: [
              { Name: Metric.processed, Unit: 'Count' },
              { Name: Metric.dedupErrors, Unit: 'Count' },
            ],
          },
        ],
      },
      service: 'orders',
      Topic: 'order-paid',
      Handler: 'on-order-paid',
      [Metric.processed]: 10,
      [Metric.dedupErrors]: 2,
    },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n')}\n`,
);

function cli(args: string[], cwd = dir) {
  return spawnSync(
    process.execPath,
    ['--conditions=msk-once-source', path.join(PROJECT_ROOT, 'cli/main.ts'), 'triage', ...args],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, AWS_REGION: '' },
    },
  );
}

describe('offline, from a run file', () => {
  test('needs nothing else: the service, handler and topics come from the lines, thresholds by default', () => {
    const r = cli(['--from', run]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /with the alarms of your stack\/on-order-paid: 1 would have fired/);
    assert.match(r.stdout, /WOULD FIRE {2}orders-on-order-paid-dedup-errors/);
    assert.match(r.stdout, /The dedup store \(Redis\) of orders failed/);
    assert.match(
      r.stdout,
      /runbook: file:\/\/\S+\/docs\/runbook\.md#dedup-errors/,
      'the runbook the package ships',
    );
  });

  test('a typed --environments module with the names of its own stack', () => {
    const module = path.join(dir, 'environments.mjs');
    const environments: TriageEnvironments = {
      prod: {
        name: 'prod',
        dlqTopic: 'orders-dlq',
        consumers: [
          {
            name: 'order-paid',
            service: 'orders',
            handlerName: 'on-order-paid',
            topics: ['order-paid'],
            names: {
              functionName: 'orders-prod-fn',
              logGroupName: '/aws/lambda/orders-prod-fn',
              alarmPrefix: 'orders-order-paid-',
            },
          },
        ],
        alarms: { runbookUrl: 'https://wiki.example/runbook' },
      },
    };
    writeFileSync(module, `export const ENVIRONMENTS = ${JSON.stringify(environments)};\n`);
    const r = cli(['--environments', module, '--env', 'prod', '--from', run]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /WOULD FIRE {2}orders-order-paid-dedup-errors/);
    assert.match(r.stdout, /runbook: https:\/\/wiki\.example\/runbook#dedup-errors/);
  });

  test('the help names the package command and no file of this repository', () => {
    const r = cli(['--help']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /usage: msk-once triage/);
    assert.match(r.stdout, /TriageEnvironments of msk-once\/alarms/);
    assert.doesNotMatch(r.stdout, /npm run triage|infra\/environments\.ts/);
  });
});

describe('an account, the consumer from flags', () => {
  const cw = mockClient(CloudWatchClient);
  const logs = mockClient(CloudWatchLogsClient);
  const io = () => ({
    cloudWatch: new CloudWatchClient({ region: 'eu-west-1' }),
    logs: new CloudWatchLogsClient({ region: 'eu-west-1' }),
    now: () => Date.UTC(2026, 10, 30, 3),
    sleep: async () => {},
  });

  test("the alarms, metrics and logs asked by the stack's own names", async () => {
    cw.reset();
    logs.reset();
    cw.on(DescribeAlarmsCommand).resolves({
      MetricAlarms: [{ AlarmName: 'orders-order-paid-dedup-errors', StateValue: 'ALARM' }],
    });
    cw.on(GetMetricDataCommand).resolves({ MetricDataResults: [] });
    logs.on(StartQueryCommand).resolves({ queryId: 'q-1' });
    logs
      .on(GetQueryResultsCommand)
      .resolves({ status: 'Complete', statistics: { recordsMatched: 0 }, results: [] });
    let text = '';
    const code = await runTriage(
      [
        '--service',
        'orders',
        '--handler',
        'on-order-paid',
        '--topics',
        'order-paid,order-refunded',
        '--function-name',
        'orders-prod-fn',
        '--alarm-prefix',
        'orders-order-paid-',
      ],
      { ...io(), out: (t) => (text += t) },
    );
    assert.equal(code, 0, text);
    assert.match(text, /on-order-paid \(orders-prod-fn\): 1 alarms, 1 ALARM/);
    assert.match(text, /ALARM {2}orders-order-paid-dedup-errors/);
    assert.equal(
      cw.commandCalls(DescribeAlarmsCommand)[0]!.args[0].input.AlarmNamePrefix,
      'orders-order-paid-',
    );
    assert.equal(
      logs.commandCalls(StartQueryCommand)[0]!.args[0].input.logGroupName,
      '/aws/lambda/orders-prod-fn',
    );
    const queries = JSON.stringify(cw.commandCalls(GetMetricDataCommand)[0]!.args[0].input.MetricDataQueries);
    assert.match(queries, /order-refunded/, 'every topic of --topics');
    assert.match(queries, /"FunctionName"[^}]*orders-prod-fn|orders-prod-fn/);
  });

  test('what an account needs and is missing is named; flags and --env together are refused', async () => {
    let text = '';
    const out = (t: string) => (text += t);
    assert.equal(await runTriage(['--service', 'orders'], { ...io(), out }), 2);
    assert.match(text, /the triage of an account needs --handler, --topics, --function-name/);
    text = '';
    const environments: TriageEnvironments = {};
    assert.equal(await runTriage(['--env', 'prod', '--service', 'x'], { ...io(), environments, out }), 2);
    assert.match(text, /--service describes a consumer by flags: give it or --env, not both/);
  });
});
