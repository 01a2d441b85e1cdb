/**
 * The alarms of a consumer as data, and the names operators use to find things: what each alarm
 * watches, its threshold, how many 5-minute periods must breach, what missing data means to it,
 * what it means when it fires and which runbook section it links to; and the names of a
 * consumer's function, log group and alarms under a prefix the caller chooses. The CDK app builds its CloudWatch alarms from these
 * rules, and `npm run triage` (and the summary of `npm start`) evaluates the same rules on metrics,
 * so the deployed alarms, the triage and the demo cannot disagree on a threshold or a policy.
 *
 * Plain data and functions, importing only the contract: the CDK app, the triage and a dashboard of
 * yours can load it (`msk-once/alarms`) without Redis or Powertools.
 *
 * @example
 * import { alarmRules } from 'msk-once/alarms';
 * alarmRules({ offsetLag: 50_000 }).offsetLag.threshold; // 50000
 */
import { ALARM_DEFAULTS, Dimension, Metric } from './contract.ts';

/**
 * The sections of docs/runbook.md that alarms link to, by alarm key. Each anchor is an explicit
 * `<a id="...">` in the runbook (a test checks that every one exists).
 */
export const RUNBOOK_SECTIONS = {
  dedupRatio: 'dedup-ratio',
  dedupErrors: 'dedup-errors',
  dedupLatency: 'dedup-check-latency',
  effectErrors: 'effect-errors',
  functionErrors: 'function-errors',
  throttles: 'function-throttles',
  offsetLag: 'offset-lag',
  mappingErrors: 'mapping-errors',
  mappingStalled: 'mapping-stalled',
  dlqRecords: 'dlq-records',
  recordsLost: 'records-lost',
  schemaRegistryErrors: 'schema-registry-errors',
  heldClaimsStillHeld: 'held-claims-still-held',
  marksNotCompact: 'marks-not-compact',
  poisonSinkErrors: 'poison-sink-errors',
  poisonQueueDepth: 'poison-queue-depth',
  poisonQueueAge: 'poison-queue-age',
} as const;

export type RunbookSection = (typeof RUNBOOK_SECTIONS)[keyof typeof RUNBOOK_SECTIONS];

/**
 * The link to one section.
 *
 * @example
 * runbookLink('https://github.com/o/r/blob/main/docs/runbook.md', 'offset-lag');
 * // 'https://github.com/o/r/blob/main/docs/runbook.md#offset-lag'
 */
export function runbookLink(runbookUrl: string, section: RunbookSection): string {
  return `${runbookUrl.replace(/#.*$/, '')}#${section}`;
}

export interface ConsumerResourceNames {
  /** The Lambda function: `<namePrefix>-<consumer>`. */
  readonly functionName: string;
  /** Its log group: `/aws/lambda/<namePrefix>-<consumer>`. */
  readonly logGroupName: string;
  /** Every alarm of the consumer starts with this: `<namePrefix>-<consumer>-`. */
  readonly alarmPrefix: string;
}

/**
 * The names of one consumer's function, log group and alarms, under the prefix the deployment
 * gives its environment's resources (the CDK app chooses it; the triage is told it).
 *
 * @example
 * consumerResourceNames('shop-prod', 'orders').logGroupName; // '/aws/lambda/shop-prod-orders'
 */
export function consumerResourceNames(namePrefix: string, consumer: string): ConsumerResourceNames {
  const functionName = `${namePrefix}-${consumer}`;
  return {
    functionName,
    logGroupName: `/aws/lambda/${functionName}`,
    alarmPrefix: `${functionName}-`,
  };
}

/** Every alarm of a consumer, by key. */
export type AlarmKey = keyof typeof RUNBOOK_SECTIONS;

/** The alarms of a poison sink: a consumer has them when it parks records in a queue (`poisonQueue`). */
export const POISON_ALARM_KEYS: readonly AlarmKey[] = [
  'poisonSinkErrors',
  'poisonQueueDepth',
  'poisonQueueAge',
];

/**
 * The alarm keys a consumer has: every one, less those of a poison sink it does not have.
 *
 * @example
 * alarmKeysOf({ poisonQueue: false }).includes('poisonQueueDepth'); // false
 */
export function alarmKeysOf(consumer: { readonly poisonQueue?: boolean }): AlarmKey[] {
  return (Object.keys(RUNBOOK_SECTIONS) as AlarmKey[]).filter(
    (k) => consumer.poisonQueue === true || !POISON_ALARM_KEYS.includes(k),
  );
}

/**
 * CloudWatch's TreatMissingData. Each rule picks one on purpose (see `missingDataWhy`):
 * - `notBreaching`: no data means nothing happened (counters emitted only when something happens);
 * - `breaching`: no data is itself the problem (a mapping that reports nothing is not running).
 */
export type MissingData = 'notBreaching' | 'breaching';

export interface AlarmRule {
  readonly key: AlarmKey;
  readonly section: RunbookSection;
  /** One line: the condition, e.g. `MessagesDeduplicated / MessagesProcessed > 0.1`. */
  readonly condition: string;
  /** Fires when the value is greater than this. */
  readonly threshold: number;
  readonly periodSeconds: number;
  readonly evaluationPeriods: number;
  readonly datapointsToAlarm: number;
  readonly missingData: MissingData;
  readonly missingDataWhy: string;
}

/** Who an alarm speaks about, for its meaning. */
export interface AlarmSubject {
  /** `<service>/<handlerName>` */
  readonly who: string;
  readonly service: string;
  readonly topics: readonly string[];
  readonly dlqTopic: string;
}

export interface AlarmThresholds {
  /** MessagesDeduplicated / MessagesProcessed. @default ALARM_DEFAULTS.dedupRatio of the contract (0.1) */
  readonly dedupRatio?: number;
  /** p99 DedupCheckDuration in ms. @default ALARM_DEFAULTS.dedupCheckP99Ms of the contract (50) */
  readonly checkP99Ms?: number;
  /** MaxOffsetLag of a mapping (records behind on its most lagging partition). @default 10000 */
  readonly offsetLag?: number;
  /**
   * What a mapping that reports no metrics at all means to the mapping-stalled alarm: `ignore`
   * (notBreaching: an idle mapping) or `page` (breaching: it is not running). AWS does not say
   * that MaxOffsetLag or InvokedEventCount are emitted while a mapping is idle (Lambda's counts are
   * sent when they are not zero), so silence pages only where an environment chooses it: one whose
   * topics never go quiet for 15 minutes. @default 'ignore'
   */
  readonly silentMapping?: 'page' | 'ignore';
  /**
   * Age (seconds) of the oldest parked record in a poison queue that pages: a parked record is
   * deleted by SQS at the end of the queue's retention (14 days by the construct), so it must be
   * replayed or dropped on purpose well before. @default 4 days
   */
  readonly poisonAgeSeconds?: number;
}

/** The age of the oldest parked record that pages when an environment names none: 4 days. */
export const DEFAULT_POISON_AGE_SECONDS = 4 * 24 * 60 * 60;

/** Every alarm evaluates 5-minute periods. */
export const ALARM_PERIOD_SECONDS = 300;
/** MaxOffsetLag that pages when an environment names none. */
export const DEFAULT_OFFSET_LAG = 10_000;

/**
 * CloudWatch's hard limit: an alarm on metric math references at most 10 metrics (Metrics Insights
 * queries aside). A rule whose math needs more (a consumer of many topics) is split in groups.
 */
export const ALARM_METRIC_LIMIT = 10;

/**
 * `items` (a consumer's topics, or its mappings) cut, in their order, into the groups of one alarm
 * each: as many items as fit `metricsPerItem` metrics apiece under {@link ALARM_METRIC_LIMIT}. One
 * group (the whole list) whenever it fits: then the rule is one plain alarm. The CDK alarms and
 * the triage cut alike, so that they judge the same groups.
 *
 * @example
 * alarmGroups(['a', 'b', 'c', 'd', 'e', 'f'], 2); // [['a', 'b', 'c', 'd', 'e'], ['f']]
 */
export function alarmGroups<T>(items: readonly T[], metricsPerItem: number): T[][] {
  const size = Math.max(1, Math.floor(ALARM_METRIC_LIMIT / metricsPerItem));
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups.length ? groups : [[]];
}

/**
 * The rules whose metric math grows with the consumer: one or two metrics per topic (dedup-ratio)
 * or per event source mapping (one mapping per topic). The others read one metric or one Metrics
 * Insights query whatever the number of topics.
 */
export const ALARM_SPREAD: {
  readonly [K in AlarmKey]?: { readonly over: 'topic' | 'mapping'; readonly metricsEach: number };
} = {
  dedupRatio: { over: 'topic', metricsEach: 2 },
  offsetLag: { over: 'mapping', metricsEach: 1 },
  mappingErrors: { over: 'mapping', metricsEach: 2 },
  mappingStalled: { over: 'mapping', metricsEach: 2 },
  dlqRecords: { over: 'mapping', metricsEach: 1 },
  recordsLost: { over: 'mapping', metricsEach: 1 },
};

const COUNTER_ABSENT = 'the metric is only emitted when it counts something: no data means none happened';

/**
 * The rules of one consumer's alarms, thresholds filled in.
 *
 * @example
 * alarmRules({ offsetLag: 10_000 }).dedupRatio.threshold; // 0.1
 */
export function alarmRules(t: AlarmThresholds = {}): Record<AlarmKey, AlarmRule> {
  const lag = t.offsetLag ?? DEFAULT_OFFSET_LAG;
  const ratio = t.dedupRatio ?? ALARM_DEFAULTS.dedupRatio;
  const p99 = t.checkP99Ms ?? ALARM_DEFAULTS.dedupCheckP99Ms;
  const poisonAge = t.poisonAgeSeconds ?? DEFAULT_POISON_AGE_SECONDS;
  const rule = (
    key: AlarmKey,
    condition: string,
    threshold: number,
    evaluationPeriods: number,
    datapointsToAlarm: number,
    missingData: MissingData,
    missingDataWhy: string,
  ): AlarmRule => ({
    key,
    section: RUNBOOK_SECTIONS[key],
    condition,
    threshold,
    periodSeconds: ALARM_PERIOD_SECONDS,
    evaluationPeriods,
    datapointsToAlarm,
    missingData,
    missingDataWhy,
  });
  const silentPages = (t.silentMapping ?? 'ignore') === 'page';
  return {
    dedupRatio: rule(
      'dedupRatio',
      `${Metric.deduplicated} / ${Metric.processed} > ${ratio}`,
      ratio,
      2,
      2,
      'notBreaching',
      'no EMF means no batch ran: there is no ratio to judge (a consumer that stopped is paged by mapping-stalled)',
    ),
    dedupErrors: rule(
      'dedupErrors',
      `${Metric.dedupErrors} > 0 (any ${Dimension.reason})`,
      0,
      1,
      1,
      'notBreaching',
      COUNTER_ABSENT,
    ),
    dedupLatency: rule(
      'dedupLatency',
      `p99 ${Metric.dedupCheckDuration} > ${p99} ms`,
      p99,
      3,
      2,
      'notBreaching',
      'no round trip to Redis, no latency to judge',
    ),
    effectErrors: rule(
      'effectErrors',
      'EffectErrors > 0 (any Reason)',
      0,
      1,
      1,
      'notBreaching',
      COUNTER_ABSENT,
    ),
    functionErrors: rule(
      'functionErrors',
      'Lambda Errors > 0',
      0,
      1,
      1,
      'notBreaching',
      'no invocation, no error (a consumer that is not invoked is paged by mapping-stalled)',
    ),
    throttles: rule('throttles', 'Lambda Throttles > 0', 0, 1, 1, 'notBreaching', COUNTER_ABSENT),
    offsetLag: rule(
      'offsetLag',
      `MaxOffsetLag > ${lag} records (any mapping)`,
      lag,
      3,
      3,
      'notBreaching',
      'a mapping that reports no lag at all is the mapping-stalled alarm, so that one cause pages once',
    ),
    mappingErrors: rule(
      'mappingErrors',
      'PollingErrorCount + CommitErrorCount > 0, 15 minutes',
      0,
      3,
      3,
      'notBreaching',
      COUNTER_ABSENT,
    ),
    mappingStalled: rule(
      'mappingStalled',
      'MaxOffsetLag > 0 and InvokedEventCount = 0, 15 minutes',
      0,
      3,
      3,
      silentPages ? 'breaching' : 'notBreaching',
      silentPages
        ? 'this environment chose silentMapping: page (its topics are never idle for 15 minutes, so a mapping that reports nothing is disabled, failed or cannot reach the cluster)'
        : 'AWS does not say MaxOffsetLag or InvokedEventCount are emitted while a mapping is idle: silence may be an idle topic, not a stall (a stall whose mapping reports its lag still pages)',
    ),
    dlqRecords: rule(
      'dlqRecords',
      'OnFailureDestinationDeliveredEventCount > 0',
      0,
      1,
      1,
      'notBreaching',
      COUNTER_ABSENT,
    ),
    recordsLost: rule('recordsLost', 'DroppedEventCount > 0', 0, 1, 1, 'notBreaching', COUNTER_ABSENT),
    schemaRegistryErrors: rule(
      'schemaRegistryErrors',
      `${Metric.schemaRegistryErrors} > 0 (any ${Dimension.reason})`,
      0,
      1,
      1,
      'notBreaching',
      COUNTER_ABSENT,
    ),
    heldClaimsStillHeld: rule(
      'heldClaimsStillHeld',
      `${Metric.heldClaimWaits} (${Dimension.reason} still-held) > 0 in 2 of 3 periods`,
      0,
      3,
      2,
      'notBreaching',
      `${COUNTER_ABSENT} (one period alone is a crashed invocation's claim, which its lease frees)`,
    ),
    marksNotCompact: rule(
      'marksNotCompact',
      `${Metric.marksNotCompact} > 0 in 3 of 3 periods`,
      0,
      3,
      3,
      'notBreaching',
      `${COUNTER_ABSENT} (a commit whose marks all stay compact counts nothing)`,
    ),
    poisonSinkErrors: rule(
      'poisonSinkErrors',
      `${Metric.poisonSinkErrors} > 0`,
      0,
      1,
      1,
      'notBreaching',
      COUNTER_ABSENT,
    ),
    poisonQueueDepth: rule(
      'poisonQueueDepth',
      'ApproximateNumberOfMessagesVisible of the poison queue > 0',
      0,
      1,
      1,
      'notBreaching',
      'SQS reports a queue while it holds messages or is used: no data means an empty, unused queue',
    ),
    poisonQueueAge: rule(
      'poisonQueueAge',
      `ApproximateAgeOfOldestMessage of the poison queue > ${poisonAge} s`,
      poisonAge,
      1,
      1,
      'notBreaching',
      'SQS reports a queue while it holds messages or is used: no data means nothing is parked',
    ),
  };
}

/**
 * What the alarm means when it fires: the first part of its description, and the triage's heading.
 *
 * @example
 * alarmMeaning('offsetLag', rules.offsetLag, subject);
 */
export function alarmMeaning(key: AlarmKey, rule: AlarmRule, s: AlarmSubject): string {
  switch (key) {
    case 'dedupRatio':
      return `More than ${rule.threshold * 100}% of ${s.who}'s records were repeats for 10 minutes (${Metric.deduplicated} / ${Metric.processed}). Normal is under 1%: a producer or the outbox forwarder is publishing twice, or batches are retried in a loop.`;
    case 'dedupErrors':
      return `The dedup store (Redis) of ${s.service} failed (${Metric.dedupErrors} > 0, any ${Dimension.reason}). Fail-open handlers ran without dedup (duplicates possible); fail-closed handlers failed their records (retries, then DLQ). Reason misconfigured: the store never worked since the cold start (a wrong host, port, TLS setting, token or ACL; the ERROR log line names it).`;
    case 'dedupLatency':
      return `p99 of one dedup round trip of ${s.service} is above ${rule.threshold} ms (${Metric.dedupCheckDuration}). A slow Redis slows every batch and eats the time records need.`;
    case 'effectErrors':
      return `The effect layer of ${s.service} could not use its DynamoDB marks (${Metric.effectErrors} > 0, any ${Dimension.reason}). Effects guarded by it were not run and their records are retried (then DLQ); a mark not saved after its effect ran lets a retry repeat that effect.`;
    case 'functionErrors':
      return `The ${s.who} function failed whole invocations (Errors: an escaped exception, a timeout, out of memory, a bad configuration). The mapping retries the whole batch, bisecting it.`;
    case 'throttles':
      return `Invocations of ${s.who} were throttled (no concurrency left). Records wait and the offset lag grows.`;
    case 'offsetLag':
      return `A mapping of ${s.who} is more than ${rule.threshold} records behind on one partition of its topics (${s.topics.join(', ')}) for 15 minutes (MaxOffsetLag, per mapping). Records are processed late; past the topic's retention they are lost.`;
    case 'mappingErrors':
      return `The event source mappings of ${s.who} fail to poll or to commit offsets for 15 minutes (PollingErrorCount + CommitErrorCount): the consumer cannot reach, authenticate to or read from the cluster, or cannot commit, so it reprocesses or stops.`;
    case 'mappingStalled':
      return `A mapping of ${s.who} has records waiting (MaxOffsetLag > 0) but invoked none for 15 minutes${rule.missingData === 'breaching' ? ', or reports nothing at all' : ''}: nothing is being consumed from ${s.topics.join(', ')}.`;
    case 'dlqRecords':
      return `Records of ${s.who} exhausted their retries (or got too old) and were written to the DLQ topic ${s.dlqTopic} (OnFailureDestinationDeliveredEventCount). Their effects have not happened; they need a fix and a replay.`;
    case 'schemaRegistryErrors':
      return `Records of ${s.who} failed because the schema registry did, not their bytes (${Metric.schemaRegistryErrors} > 0, any ${Dimension.reason}: not-found, denied, timeout, unreachable, http, invalid). They are retried, then reach the DLQ topic ${s.dlqTopic}; fix the registry (or the function's access to it) and they pass on retry.`;
    case 'heldClaimsStillHeld':
      return `Records of ${s.who} met a claim another invocation held and it was still held after waiting (${Metric.heldClaimWaits}, ${Dimension.reason} still-held, in 2 of 3 periods): they fail as held and are retried, then reach the DLQ topic ${s.dlqTopic}. Two invocations run the same events: overlapping retries, a too short wait, or invocations that outlive their lease.`;
    case 'marksNotCompact':
      return `DONE marks of ${s.who} went into mark hashes past Redis's compact encoding for 15 minutes (${Metric.marksNotCompact} > 0 in 3 of 3 periods): the handler commits new events faster than its declared eventsPerSecond, and those hashes cost about 3x the memory per event. A capacity warning, not an outage: dedup works, nothing is lost or run twice. Raise eventsPerSecond to the real peak rate of new events; it moves where marks live, so roll it out like a key format (previousKeyFormat '0.3.0' for a window before and after the change).`;
    case 'poisonSinkErrors':
      return `The poison queue of ${s.who} refused records (${Metric.poisonSinkErrors} > 0): they failed instead of being parked, are retried, then reach the DLQ topic ${s.dlqTopic} with the records behind them. The function cannot reach SQS (no route, no permission, a deleted queue).`;
    case 'poisonQueueDepth':
      return `Records of ${s.who} are parked in its poison queue (ApproximateNumberOfMessagesVisible > 0): records no retry could cure (undecodable, no valid event id, a PermanentError). They count as handled: their effects have not happened; each needs a decision, replay or drop.`;
    case 'poisonQueueAge':
      return `The oldest record parked in the poison queue of ${s.who} is older than ${Math.round(rule.threshold / 3600)} hours (ApproximateAgeOfOldestMessage): SQS deletes it at the end of the queue's retention (14 days by default), and with it the only copy outside the topic. Replay or drop it now.`;
    case 'recordsLost':
      return `Records of ${s.who} were given up and did NOT reach the DLQ topic ${s.dlqTopic} (DroppedEventCount: past their retries or age, with no destination or a failed write to it, each record once): they are lost unless re-read from the source topic.`;
  }
}

// What `msk-once triage` needs of a consumer and its environment: a `--environments` module exports
// ENVIRONMENTS of this type (`export const ENVIRONMENTS: TriageEnvironments = { … }`); the example
// CDK app's EnvironmentConfig has these fields, a team's own stack names its resources in `names`.

/** One consumer: what its metrics and logs are named by. */
export interface TriageConsumer {
  /** The consumer's name in the environment (`--consumer` picks it). */
  readonly name: string;
  /** POWERTOOLS_SERVICE_NAME of the function: the `Service` dimension of its metrics. */
  readonly service: string;
  /** MSK_ONCE_HANDLER_NAME of the function: the `Handler` dimension. */
  readonly handlerName: string;
  readonly topics: readonly string[];
  /**
   * The function, its log group and the prefix of its alarms, as your stack names them.
   * @default consumerResourceNames(namePrefix of the environment, name)
   */
  readonly names?: ConsumerResourceNames;
}

/** One environment: its consumers, DLQ topic, metrics namespace and alarm thresholds. */
export interface TriageEnvironment {
  readonly name: string;
  /**
   * The prefix of its resources' names: a consumer's function, log group and alarms are
   * `<namePrefix>-<consumer>...` (consumerResourceNames). Required unless every consumer has `names`.
   */
  readonly namePrefix?: string;
  readonly dlqTopic: string;
  /** @default the contract's DEFAULT_NAMESPACE */
  readonly metricsNamespace?: string;
  readonly consumers: readonly TriageConsumer[];
  /** The thresholds the alarms were built with, and the runbook their descriptions link. */
  readonly alarms: AlarmThresholds & { readonly runbookUrl: string };
}

/** What a `--environments` module exports as ENVIRONMENTS: environment name -> environment. */
export type TriageEnvironments = Readonly<Record<string, TriageEnvironment>>;
