/**
 * `msk-once triage`: for an environment of the caller's (a CDK app's `ENVIRONMENTS`) and optionally
 * one consumer, what each firing alarm means, what the data shows and which runbook section to follow.
 *
 *   npm run triage -- --env prod [--consumer orders] [--since 2h]         # an AWS account
 *   npm run triage -- --env dev --from run.jsonl                         # a local run's output
 *
 * The environments come from the caller (`msk-once triage --environments <module>`, or a script
 * of the CDK app's), so that cli/ does not import a CDK app.
 *
 * From AWS it reads the consumer's alarms (DescribeAlarms), the metrics of its alarm rules
 * (GetMetricData) and its log lines (Logs Insights); from a file, the EMF and log lines of a local
 * run (`npm start -- --output run.jsonl`), judged by the same rules "as if sustained".
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import type { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import {
  type AlarmKey,
  type AlarmRule,
  type AlarmThresholds,
  alarmMeaning,
  alarmRules,
  consumerResourceNames,
  RUNBOOK_SECTIONS,
  runbookLink,
} from '../../lib/alarms.ts';
import { DEFAULT_NAMESPACE, dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { printable } from '../terminal-text.ts';
import { type AlarmEvaluation, evaluateAlarms, findings, formatValue } from './analysis.ts';
import {
  describeAlarms,
  fetchSignals,
  LOGS_QUERY_LIMIT,
  mappingIdsOf,
  metricQueries,
  queryLogs,
  TRIAGE_LOGS_QUERY,
} from './aws.ts';
import { analyzeLogLines } from './log-lines.ts';
import { signalsFromEmf } from './signals.ts';

export const USAGE = `usage: npm run triage -- --env <name> [--consumer <name>] [--since 2h] [--from <file>]
  --env       a name of the environments given (ENVIRONMENTS of the app)
  --consumer  one consumer of it (default: all)
  --since     how far back to read metrics and logs: 30m, 2h, 1d (default 2h)
  --from      a local run's EMF and log lines (JSON lines) instead of an AWS account`;

/** What the triage needs of a consumer (infra/cdk/environment-types.ts `ConsumerConfig` has it). */
export interface TriageConsumer {
  readonly name: string;
  readonly service: string;
  readonly handlerName: string;
  readonly topics: readonly string[];
}

/** The dedup key of a canonical event id (as the consumer logs it) under the consumer. */
function keyOf(consumer: TriageConsumer): (eventId: string) => string {
  const prefix = dedupKeyPrefix(consumer.service, consumer.handlerName);
  return (eventId) => dedupKey(prefix, eventId);
}

/** What the triage needs of an environment (infra/cdk/environment-types.ts `EnvironmentConfig` has it). */
export interface TriageEnvironment {
  readonly name: string;
  /** The prefix of its resources' names: a consumer's function, log group and alarms are `<namePrefix>-<consumer>...`. */
  readonly namePrefix: string;
  readonly dlqTopic: string;
  readonly metricsNamespace?: string;
  readonly consumers: readonly TriageConsumer[];
  readonly alarms: AlarmThresholds & { readonly runbookUrl: string };
}

/** What the triage talks to; tests give it mocked clients and a fixed clock. */
export interface TriageIO {
  /** The environments `--env` picks from (a CDK app's `ENVIRONMENTS`). */
  readonly environments: Readonly<Record<string, TriageEnvironment>>;
  readonly cloudWatch?: CloudWatchClient;
  readonly logs?: CloudWatchLogsClient;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly out: (text: string) => void;
}

/** A command line the triage cannot run, naming the setting. */
export class TriageUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TriageUsageError';
  }
}

/**
 * `30m`, `2h`, `1d` as milliseconds.
 *
 * @example
 * parseSince('2h'); // 7200000
 */
export function parseSince(text: string): number {
  const m = /^(\d+)\s*([mhd])$/.exec(text.trim());
  if (!m || Number(m[1]) <= 0)
    throw new TriageUsageError(`--since must be like 30m, 2h or 1d, got "${text}"`);
  return Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'm' | 'h' | 'd'];
}

const SECTION_KEYS = Object.fromEntries(Object.entries(RUNBOOK_SECTIONS).map(([k, v]) => [v, k])) as Record<
  string,
  AlarmKey
>;

function subjectOf(c: TriageConsumer, env: TriageEnvironment) {
  return {
    who: `${c.service}/${c.handlerName}`,
    service: c.service,
    topics: c.topics,
    dlqTopic: env.dlqTopic,
  };
}

/**
 * One alarm's paragraph. Its data lines quote what producers and handlers wrote (log messages,
 * error messages, Event-Ids, metric labels): each part is {@link printable} before the lines are
 * joined, so a control sequence is shown, not obeyed, and a newline in an error cannot start a
 * line of its own (a forged `runbook:` or all-clear line).
 */
function render(
  heading: string,
  rule: AlarmRule,
  meaning: string,
  data: string[],
  runbookUrl: string,
): string {
  return [
    printable(heading),
    `  means:   ${printable(meaning)}`,
    ...data.map((line, i) => `  ${i === 0 ? 'data:   ' : '        '} ${printable(line)}`),
    `  runbook: ${printable(runbookLink(runbookUrl, rule.section))}`,
    '',
  ].join('\n');
}

/**
 * The judgement of a local run's lines: every rule, and what the data shows for those that fire.
 *
 * @example
 * const { evaluations } = analyzeRun(lines, alarmRules());
 */
export function analyzeRun(lines: readonly Record<string, unknown>[], rules: Record<AlarmKey, AlarmRule>) {
  const signals = signalsFromEmf(lines, { period: 'run' });
  const logs = analyzeLogLines(lines);
  const evaluations = evaluateAlarms(rules, signals, { assumeSustained: true });
  return { signals, logs, evaluations };
}

function readLines(file: string): Record<string, unknown>[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new TriageUsageError(`--from ${printable(file)}: ${printable((error as Error).message)}`);
  }
  const lines: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(t) as Record<string, unknown>);
    } catch {
      // not JSON: skipped, as Logs Insights would not see fields in it either
    }
  }
  return lines;
}

async function triageFile(env: TriageEnvironment, consumers: TriageConsumer[], file: string, io: TriageIO) {
  const lines = readLines(file);
  const { signals, logs, evaluations } = analyzeRun(lines, alarmRules(env.alarms));
  // A local run has one consumer; its lines carry no consumer name.
  const consumer = consumers[0]!;
  const firing = evaluations.filter((e) => e.state === 'ALARM');
  io.out(
    `msk-once triage of ${printable(file)} (${lines.length} lines) with the alarms of ${env.name}/${consumer.name}: ${firing.length} would have fired\n\n`,
  );
  for (const e of firing) {
    io.out(
      render(
        `WOULD FIRE  ${consumerResourceNames(env.namePrefix, consumer.name).alarmPrefix}${e.rule.section}  (${e.rule.condition}: ${formatValue(e.rule.key, e.value)})`,
        e.rule,
        alarmMeaning(e.rule.key, e.rule, subjectOf(consumer, env)),
        findings(e, signals, logs, keyOf(consumer)),
        env.alarms.runbookUrl,
      ),
    );
  }
  return 0;
}

async function triageAccount(
  env: TriageEnvironment,
  consumers: TriageConsumer[],
  sinceMs: number,
  io: TriageIO,
): Promise<number> {
  if (!io.cloudWatch || !io.logs) throw new Error('triage of an account needs CloudWatch and Logs clients');
  const end = new Date(io.now?.() ?? Date.now());
  const start = new Date(end.getTime() - sinceMs);
  const rules = alarmRules(env.alarms);
  let firingTotal = 0;
  for (const consumer of consumers) {
    const names = consumerResourceNames(env.namePrefix, consumer.name);
    const all = await describeAlarms(io.cloudWatch, names.alarmPrefix);
    // The parts of a split rule (`<name>-part<k>`) are its composite's business: listed and
    // explained once, under the rule's name; their metrics still name the mappings.
    const isPart = (a: { AlarmName?: string }) => {
      const m = /^(.+)-part\d+$/.exec((a.AlarmName ?? '').slice(names.alarmPrefix.length));
      return m !== null && SECTION_KEYS[m[1]!] !== undefined;
    };
    const alarms = all.filter((a) => !isPart(a));
    const firing = alarms.filter((a) => a.StateValue === 'ALARM');
    firingTotal += firing.length;
    const states = alarms.reduce<Record<string, number>>((acc, a) => {
      acc[a.StateValue ?? '?'] = (acc[a.StateValue ?? '?'] ?? 0) + 1;
      return acc;
    }, {});
    io.out(
      `${consumer.name} (${names.functionName}): ${alarms.length} alarms, ${
        Object.entries(states)
          .map(([s, n]) => `${n} ${s}`)
          .join(', ') || 'none found (is the stack deployed in this account and region?)'
      }\n\n`,
    );
    if (firing.length === 0) continue;
    const period = rules.dedupRatio.periodSeconds;
    const queries = metricQueries(
      {
        namespace: env.metricsNamespace ?? DEFAULT_NAMESPACE,
        service: consumer.service,
        handlerName: consumer.handlerName,
        topics: consumer.topics,
        functionName: names.functionName,
        mappingIds: mappingIdsOf(all),
      },
      period,
    );
    const signals = await fetchSignals(io.cloudWatch, queries, start, end, period);
    const read = await queryLogs(io.logs, names.logGroupName, start, end, TRIAGE_LOGS_QUERY, {
      sleep: io.sleep,
    });
    if (read.left > 0) {
      // The query returns the newest lines: those cut are the oldest of the range.
      io.out(
        `WARNING: the logs of ${names.logGroupName} hold ${read.recordsMatched} matching lines in this range; read the newest ${read.rows.length} (Logs Insights returns ${LOGS_QUERY_LIMIT} at most): the counts from logs below leave out ${read.left} older lines. Narrow --since for whole counts.\n\n`,
      );
    }
    const logs = analyzeLogLines(read.rows);
    const evaluations = new Map<AlarmKey, AlarmEvaluation>(
      evaluateAlarms(rules, signals, { topics: consumer.topics }).map((e) => [e.rule.key, e]),
    );
    for (const alarm of firing) {
      const key = SECTION_KEYS[(alarm.AlarmName ?? '').slice(names.alarmPrefix.length)];
      if (!key) {
        io.out(
          `ALARM  ${printable(alarm.AlarmName ?? '')}  (not an alarm of this version: ${printable(alarm.StateReason ?? '')})\n\n`,
        );
        continue;
      }
      const e = evaluations.get(key)!;
      const since = alarm.StateUpdatedTimestamp
        ? ` since ${new Date(alarm.StateUpdatedTimestamp).toISOString().slice(0, 16).replace('T', ' ')} UTC`
        : '';
      io.out(
        render(
          `ALARM  ${alarm.AlarmName}${since}  (${e.rule.condition}; last period: ${formatValue(key, e.value)})`,
          e.rule,
          alarmMeaning(key, e.rule, subjectOf(consumer, env)),
          findings(e, signals, logs, keyOf(consumer)),
          env.alarms.runbookUrl,
        ),
      );
    }
  }
  if (firingTotal === 0) io.out(`no alarm of ${env.name} is in ALARM\n`);
  return 0;
}

/**
 * Run the triage for a command line; resolves to the exit code.
 *
 * @example
 * await runTriage(['--env', 'prod', '--since', '2h'], { cloudWatch, logs, out: (t) => process.stdout.write(t) });
 */
export async function runTriage(argv: string[], io: TriageIO): Promise<number> {
  let values: { env?: string; consumer?: string; since?: string; from?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        env: { type: 'string' },
        consumer: { type: 'string' },
        since: { type: 'string', default: '2h' },
        from: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    io.out(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  try {
    if (!values.env) throw new TriageUsageError('--env is required');
    const known = Object.keys(io.environments);
    if (!Object.hasOwn(io.environments, values.env)) {
      throw new TriageUsageError(`--env: unknown environment '${values.env}': known are ${known.join(', ')}`);
    }
    const env = io.environments[values.env]!;
    // The names of the alarms and log groups come from it: without it the triage would read none.
    if (typeof env.namePrefix !== 'string' || env.namePrefix === '') {
      throw new TriageUsageError(
        `--env ${values.env}: the environment has no namePrefix (the prefix of its functions, log groups and alarms, e.g. 'shop-prod')`,
      );
    }
    const consumers = env.consumers.filter(
      (c) => values.consumer === undefined || c.name === values.consumer,
    );
    if (consumers.length === 0) {
      throw new TriageUsageError(
        `--consumer '${values.consumer}' is not a consumer of ${env.name}: ${env.consumers.map((c) => c.name).join(', ')}`,
      );
    }
    const sinceMs = parseSince(values.since ?? '2h');
    if (values.from) return await triageFile(env, consumers, values.from, io);
    return await triageAccount(env, consumers, sinceMs, io);
  } catch (error) {
    if (error instanceof TriageUsageError) {
      io.out(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}
