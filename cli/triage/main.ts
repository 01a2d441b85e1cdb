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
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import type { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import type { TriageConsumer, TriageEnvironment, TriageEnvironments } from '../../lib/alarms.ts';
import {
  type AlarmKey,
  type AlarmRule,
  alarmMeaning,
  alarmRules,
  consumerResourceNames,
  RUNBOOK_SECTIONS,
  runbookLink,
} from '../../lib/alarms.ts';
import { DEFAULT_NAMESPACE, Dimension, dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
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

export const USAGE = `usage: msk-once triage [--from <file>] [--since 2h] (the consumer from flags, or --env of an --environments module)
  --from           a local run's EMF and log lines (msk-once local --output run.jsonl) instead of an AWS account;
                   needs nothing else (service and topics are read from the lines; default thresholds)
  --since          how far back to read metrics and logs: 30m, 2h, 1d (default 2h)
 the consumer, from flags (your own stack):
  --service        POWERTOOLS_SERVICE_NAME of the function
  --handler        MSK_ONCE_HANDLER_NAME of the function
  --topics         its source topics, comma-separated
  --function-name  the Lambda function (required for an account)
  --alarm-prefix   what its alarms' names start with (default: <function-name>-; ConsumerAlarms names
                   them <namePrefix>-<consumer id>-<section>)
  --log-group      its log group (default: /aws/lambda/<function-name>)
  --dlq-topic      its on-failure topic (default: none named)
  --namespace      the metrics namespace (default: the contract's)
  --runbook-url    the runbook the alarms link (default: docs/runbook.md of the package)
  --offset-lag, --dedup-ratio, --check-p99-ms   the thresholds your alarms use (defaults: msk-once/alarms)
 or from a module (--environments <module> exporting ENVIRONMENTS: TriageEnvironments of msk-once/alarms):
  --env            one of its environments
  --consumer       one consumer of it (default: all)`;

export type { TriageConsumer, TriageEnvironment, TriageEnvironments } from '../../lib/alarms.ts';

/** The dedup key of a canonical event id (as the consumer logs it) under the consumer. */
function keyOf(consumer: TriageConsumer): (eventId: string) => string {
  const prefix = dedupKeyPrefix(consumer.service, consumer.handlerName);
  return (eventId) => dedupKey(prefix, eventId);
}

/** What the triage talks to; tests give it mocked clients and a fixed clock. */
export interface TriageIO {
  /** The environments `--env` picks from (a `--environments` module's); none: the flags describe the consumer. */
  readonly environments?: TriageEnvironments;
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

/** The names of a consumer's function, log group and alarms: its own, else the example's naming. */
/** A consumer's function, log group and alarm prefix: its own `names`, else under the environment's `namePrefix` (checked before). */
function namesOf(env: TriageEnvironment, c: TriageConsumer) {
  return c.names ?? consumerResourceNames(env.namePrefix!, c.name);
}

async function triageFile(
  env: TriageEnvironment,
  consumers: readonly TriageConsumer[],
  lines: Record<string, unknown>[],
  file: string,
  io: TriageIO,
) {
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
        `WOULD FIRE  ${namesOf(env, consumer).alarmPrefix}${e.rule.section}  (${e.rule.condition}: ${formatValue(e.rule.key, e.value)})`,
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
  consumers: readonly TriageConsumer[],
  sinceMs: number,
  io: TriageIO,
): Promise<number> {
  if (!io.cloudWatch || !io.logs) throw new Error('triage of an account needs CloudWatch and Logs clients');
  const end = new Date(io.now?.() ?? Date.now());
  const start = new Date(end.getTime() - sinceMs);
  const rules = alarmRules(env.alarms);
  let firingTotal = 0;
  for (const consumer of consumers) {
    const names = namesOf(env, consumer);
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
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        env: { type: 'string' },
        consumer: { type: 'string' },
        since: { type: 'string', default: '2h' },
        from: { type: 'string' },
        help: { type: 'boolean' },
        ...Object.fromEntries(CONSUMER_FLAGS.map((flag) => [flag, { type: 'string' as const }])),
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
  const text = (name: string) => values[name] as string | undefined;
  try {
    const sinceMs = parseSince(text('since') ?? '2h');
    const from = text('from');
    let lines: Record<string, unknown>[] | undefined;
    const flagged = CONSUMER_FLAGS.filter((flag) => values[flag] !== undefined);
    let env: TriageEnvironment;
    let consumers: readonly TriageConsumer[];
    if (text('env') !== undefined || (io.environments && flagged.length === 0 && from === undefined)) {
      if (flagged.length > 0)
        throw new TriageUsageError(
          `--${flagged[0]} describes a consumer by flags: give it or --env, not both`,
        );
      if (!io.environments)
        throw new TriageUsageError('--env needs --environments <module exporting ENVIRONMENTS>');
      const name = text('env');
      if (!name) throw new TriageUsageError('--env is required with --environments');
      if (!Object.hasOwn(io.environments, name)) {
        throw new TriageUsageError(
          `--env: unknown environment '${name}': known are ${Object.keys(io.environments).join(', ')}`,
        );
      }
      env = io.environments[name]!;
      consumers = env.consumers.filter((c) => text('consumer') === undefined || c.name === text('consumer'));
      if (consumers.length === 0) {
        throw new TriageUsageError(
          `--consumer '${text('consumer')}' is not a consumer of ${env.name}: ${env.consumers.map((c) => c.name).join(', ')}`,
        );
      }
      // The names of the alarms and log groups come from it: without them the triage would read none.
      const unnamed = consumers.find((c) => c.names === undefined);
      if (unnamed && (typeof env.namePrefix !== 'string' || env.namePrefix === '')) {
        throw new TriageUsageError(
          `--env ${name}: the environment has no namePrefix (the prefix of its functions, log groups and alarms, e.g. 'shop-prod') and its consumer '${unnamed.name}' no names`,
        );
      }
      if (from !== undefined) lines = readLines(from);
    } else {
      if (from !== undefined) lines = readLines(from);
      env = environmentFromFlags(text, lines);
      consumers = env.consumers;
    }
    if (lines !== undefined) return await triageFile(env, consumers, lines, from!, io);
    return await triageAccount(env, consumers, sinceMs, io);
  } catch (error) {
    if (error instanceof TriageUsageError) {
      io.out(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}

/** The flags that describe a consumer of your own stack. */
const CONSUMER_FLAGS = [
  'service',
  'handler',
  'topics',
  'function-name',
  'alarm-prefix',
  'log-group',
  'dlq-topic',
  'namespace',
  'runbook-url',
  'offset-lag',
  'dedup-ratio',
  'check-p99-ms',
] as const;

/**
 * Where the alarms of a consumer configured by flags link, unless --runbook-url says: the runbook
 * the package ships (docs/runbook.md, beside dist/ when installed, two folders up in the repository).
 */
export function packagedRunbook(): string {
  for (const up of ['../../docs/runbook.md', '../../../docs/runbook.md']) {
    const url = new URL(up, import.meta.url);
    if (existsSync(url)) return url.href;
  }
  return 'docs/runbook.md (in the msk-once package)';
}

function positive(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!(n > 0)) throw new TriageUsageError(`--${name} must be a positive number, got "${text}"`);
  return n;
}

/**
 * The environment of one consumer described by flags. From a local run's lines (`--from`), the
 * service, handler and topics default to those the lines name; an account needs them, and the
 * function name.
 */
function environmentFromFlags(
  text: (name: string) => string | undefined,
  lines: readonly Record<string, unknown>[] | undefined,
): TriageEnvironment {
  const seen = lines ? namesInLines(lines) : undefined;
  const service = text('service') ?? seen?.service;
  const handlerName = text('handler') ?? seen?.handler;
  const topics =
    text('topics')
      ?.split(',')
      .map((t) => t.trim())
      .filter(Boolean) ??
    seen?.topics ??
    [];
  const functionName = text('function-name');
  if (!lines) {
    const missing = [
      service === undefined ? '--service' : undefined,
      handlerName === undefined ? '--handler' : undefined,
      topics.length === 0 ? '--topics' : undefined,
      functionName === undefined ? '--function-name' : undefined,
    ].filter((m): m is string => m !== undefined);
    if (missing.length)
      throw new TriageUsageError(
        `the triage of an account needs ${missing.join(', ')} (or --environments <module> with --env)`,
      );
  }
  const fn = functionName ?? `${service ?? 'consumer'}-${handlerName ?? 'handler'}`;
  const offsetLag = positive('offset-lag', text('offset-lag'));
  const dedupRatio = positive('dedup-ratio', text('dedup-ratio'));
  const checkP99Ms = positive('check-p99-ms', text('check-p99-ms'));
  return {
    name: 'your stack',
    dlqTopic: text('dlq-topic') ?? 'its DLQ topic',
    ...(text('namespace') ? { metricsNamespace: text('namespace')! } : {}),
    consumers: [
      {
        name: handlerName ?? 'consumer',
        service: service ?? '(not in the lines)',
        handlerName: handlerName ?? '(not in the lines)',
        topics,
        names: {
          functionName: fn,
          logGroupName: text('log-group') ?? `/aws/lambda/${fn}`,
          alarmPrefix: text('alarm-prefix') ?? `${fn}-`,
        },
      },
    ],
    alarms: {
      runbookUrl: text('runbook-url') ?? packagedRunbook(),
      ...(offsetLag === undefined ? {} : { offsetLag }),
      ...(dedupRatio === undefined ? {} : { dedupRatio }),
      ...(checkP99Ms === undefined ? {} : { checkP99Ms }),
    },
  };
}

/** The service, handler and topics a local run's EMF lines carry (their dimensions). */
function namesInLines(lines: readonly Record<string, unknown>[]) {
  let service: string | undefined;
  let handler: string | undefined;
  const topics = new Set<string>();
  for (const line of lines) {
    if (typeof line._aws !== 'object' || line._aws === null) continue;
    const at = (name: string) => (typeof line[name] === 'string' ? (line[name] as string) : undefined);
    service ??= at(Dimension.service);
    handler ??= at(Dimension.handler);
    const topic = at(Dimension.topic);
    if (topic) topics.add(topic);
  }
  return { service, handler, topics: topics.size ? [...topics] : undefined };
}
