/**
 * The triage's reads from an AWS account (SDK v3): a consumer's alarms (DescribeAlarms), the
 * metrics its alarm rules are judged on (GetMetricData) and its log lines (Logs Insights
 * StartQuery / GetQueryResults). Read-only; the clients come from the caller.
 */
import type {
  CloudWatchClient,
  CompositeAlarm,
  MetricAlarm,
  MetricDataQuery,
} from '@aws-sdk/client-cloudwatch';
import type { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { Dimension } from '../../lib/contract.ts';
import { MissingPeerError } from '../../lib/index.ts';
import { DUPLICATES_MESSAGE } from './log-lines.ts';
import { SIGNALS, type SignalName, Signals } from './signals.ts';

/**
 * The CloudWatch and CloudWatch Logs clients (optional peers of msk-once: only the triage needs
 * them), loaded when the triage runs; missing, the error says what to install.
 *
 * @example
 * const { cloudWatch, logs } = await triageSdks();
 * const client = new cloudWatch.CloudWatchClient({ region });
 */
export async function triageSdks(): Promise<{
  cloudWatch: typeof import('@aws-sdk/client-cloudwatch');
  logs: typeof import('@aws-sdk/client-cloudwatch-logs');
}> {
  const load = async <T>(name: string, importer: () => Promise<T>): Promise<T> => {
    try {
      return await importer();
    } catch (error) {
      if (MissingPeerError.isMissing(error, name)) {
        throw new MissingPeerError(name, 'msk-once triage', { cause: error });
      }
      throw error;
    }
  };
  const [cloudWatch, logs] = await Promise.all([
    load('@aws-sdk/client-cloudwatch', () => import('@aws-sdk/client-cloudwatch')),
    load('@aws-sdk/client-cloudwatch-logs', () => import('@aws-sdk/client-cloudwatch-logs')),
  ]);
  return { cloudWatch, logs };
}

/** A triage read that could not be done, naming what it tried. */
export class TriageReadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TriageReadError';
  }
}

/** A metric alarm, or a composite one (a rule split over groups of topics: infra/cdk/consumer-alarms.ts). */
export type TriageAlarm = MetricAlarm | CompositeAlarm;

/**
 * Every metric and composite alarm whose name starts with `prefix`, in any state (paginated).
 *
 * @example
 * const alarms = await describeAlarms(cloudWatch, 'shop-prod-orders-');
 */
export async function describeAlarms(client: CloudWatchClient, prefix: string): Promise<TriageAlarm[]> {
  const alarms: TriageAlarm[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(
      new (await triageSdks()).cloudWatch.DescribeAlarmsCommand({
        AlarmNamePrefix: prefix,
        AlarmTypes: ['MetricAlarm', 'CompositeAlarm'],
        NextToken,
      }),
    );
    alarms.push(...(page.MetricAlarms ?? []), ...(page.CompositeAlarms ?? []));
    NextToken = page.NextToken;
  } while (NextToken);
  return alarms;
}

/** The event source mapping ids the alarms watch (their EventSourceMappingUUID dimensions). */
export function mappingIdsOf(alarms: readonly TriageAlarm[]): string[] {
  const ids = new Set<string>();
  for (const alarm of alarms) {
    if (!('Metrics' in alarm || 'Dimensions' in alarm)) continue; // a composite names no metric
    const metric = alarm as MetricAlarm;
    const dims = [
      ...(metric.Dimensions ?? []),
      ...(metric.Metrics ?? []).flatMap((m) => m.MetricStat?.Metric?.Dimensions ?? []),
    ];
    for (const d of dims) if (d.Name === 'EventSourceMappingUUID' && d.Value) ids.add(d.Value);
  }
  return [...ids].sort();
}

export interface ConsumerMetrics {
  readonly namespace: string;
  readonly service: string;
  readonly handlerName: string;
  readonly topics: readonly string[];
  readonly functionName: string;
  readonly mappingIds: readonly string[];
  /** The poison queue's name, when the consumer parks records (its depth and age are read). */
  readonly poisonQueueName?: string;
}

export interface MetricQueries {
  readonly queries: MetricDataQuery[];
  /** Query id -> the signal it feeds; `qualifier: 'label'` takes the result's label (a SEARCH). */
  readonly index: Map<string, { name: SignalName; qualifier?: string | 'label' }>;
}

/**
 * GetMetricData queries for every signal of one consumer, per `periodSeconds`.
 *
 * @example
 * const { queries, index } = metricQueries({ namespace: 'MskOnce', service, handlerName, topics, functionName, mappingIds }, 300);
 */
export function metricQueries(c: ConsumerMetrics, periodSeconds: number): MetricQueries {
  const queries: MetricDataQuery[] = [];
  const index: MetricQueries['index'] = new Map();
  const add = (
    name: SignalName,
    qualifier: string | undefined,
    q: Omit<MetricDataQuery, 'Id' | 'ReturnData'>,
  ) => {
    const Id = `q${queries.length}`;
    queries.push({ Id, ReturnData: true, ...q });
    index.set(Id, { name, qualifier });
  };
  const stat = (name: SignalName, namespace: string, dims: Record<string, string>) => ({
    MetricStat: {
      Metric: {
        Namespace: namespace,
        MetricName: SIGNALS[name].metric,
        Dimensions: Object.entries(dims).map(([Name, Value]) => ({ Name, Value })),
      },
      Period: periodSeconds,
      Stat: SIGNALS[name].stat,
    },
  });
  for (const topic of c.topics) {
    for (const name of ['processed', 'deduplicated', 'parked'] as const) {
      add(
        name,
        topic,
        stat(name, c.namespace, {
          [Dimension.service]: c.service,
          [Dimension.topic]: topic,
          [Dimension.handler]: c.handlerName,
        }),
      );
    }
  }
  for (const name of ['dedupErrors', 'effectErrors', 'schemaRegistryErrors', 'heldClaimWaits'] as const) {
    // Every Reason, including one added after this was written; the label names the reason.
    add(name, 'label', {
      Expression: `SEARCH('{${c.namespace},${Dimension.reason},${Dimension.service}} MetricName="${SIGNALS[name].metric}" ${Dimension.service}="${c.service}"', 'Sum', ${periodSeconds})`,
      // A CloudWatch dynamic label (not a JS template): each series is labelled with its Reason.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: CloudWatch syntax, sent as is
      Label: "${PROP('Dim.Reason')}",
    });
  }
  add('checkP99', undefined, stat('checkP99', c.namespace, { [Dimension.service]: c.service }));
  add(
    'poisonSinkErrors',
    undefined,
    stat('poisonSinkErrors', c.namespace, { [Dimension.service]: c.service }),
  );
  add(
    'marksNotCompact',
    undefined,
    stat('marksNotCompact', c.namespace, {
      [Dimension.service]: c.service,
      [Dimension.handler]: c.handlerName,
    }),
  );
  if (c.poisonQueueName) {
    for (const name of ['poisonQueueDepth', 'poisonQueueAge'] as const)
      add(name, undefined, stat(name, 'AWS/SQS', { QueueName: c.poisonQueueName }));
  }
  for (const name of ['invocations', 'functionErrors', 'throttles'] as const) {
    add(name, undefined, stat(name, 'AWS/Lambda', { FunctionName: c.functionName }));
  }
  for (const id of c.mappingIds) {
    for (const name of [
      'maxOffsetLag',
      'invoked',
      'pollingErrors',
      'commitErrors',
      'dlq',
      'dropped',
      'undelivered',
    ] as const) {
      add(name, id, stat(name, 'AWS/Lambda', { EventSourceMappingUUID: id }));
    }
  }
  return { queries, index };
}

/**
 * Run the queries over [start, end] and collect their values as signals (paginated).
 *
 * @throws {TriageReadError} when a query's status is not Complete after all its pages.
 */
export async function fetchSignals(
  client: CloudWatchClient,
  { queries, index }: MetricQueries,
  start: Date,
  end: Date,
  periodSeconds: number,
): Promise<Signals> {
  const signals = new Signals(periodSeconds * 1000);
  // GetMetricData takes at most 500 queries per call.
  for (let i = 0; i < queries.length; i += 500) {
    let NextToken: string | undefined;
    do {
      const page = await client.send(
        new (await triageSdks()).cloudWatch.GetMetricDataCommand({
          MetricDataQueries: queries.slice(i, i + 500),
          StartTime: start,
          EndTime: end,
          ScanBy: 'TimestampAscending',
          NextToken,
        }),
      );
      for (const result of page.MetricDataResults ?? []) {
        const target = index.get(result.Id ?? '');
        if (!target) continue;
        if (result.StatusCode === 'Forbidden' || result.StatusCode === 'InternalError') {
          throw new TriageReadError(
            `GetMetricData ${SIGNALS[target.name].metric} answered ${result.StatusCode}: ${(result.Messages ?? []).map((m) => m.Value).join('; ')}`,
          );
        }
        const qualifier = target.qualifier === 'label' ? (result.Label ?? '') : target.qualifier;
        (result.Timestamps ?? []).forEach((ts, j) => {
          const value = result.Values?.[j];
          if (value !== undefined) signals.set(target.name, qualifier, new Date(ts).getTime(), value);
        });
      }
      NextToken = page.NextToken;
    } while (NextToken);
  }
  return signals;
}

/** The most rows one Logs Insights query returns (its `limit` can be no higher). */
export const LOGS_QUERY_LIMIT = 10_000;

/**
 * The Logs Insights query of the triage: the lines the log analysis reads, the newest first, so
 * that on a busy consumer the lines cut by the limit are the oldest, not those nearest the alarm.
 * Powertools' levels WARN, ERROR and CRITICAL.
 */
export const TRIAGE_LOGS_QUERY = [
  'fields @timestamp, @message',
  `| filter message = "${DUPLICATES_MESSAGE}" or level = "WARN" or level = "ERROR" or level = "CRITICAL"`,
  '| sort @timestamp desc',
  `| limit ${LOGS_QUERY_LIMIT}`,
].join('\n');

export interface LogsQueryOptions {
  readonly pollMs?: number;
  /** Give up (and stop the query) after this long. Default 60 s. */
  readonly timeoutMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** The clock the deadline is read on (tests give a fake one). Default `Date.now`. */
  readonly now?: () => number;
}

/** What a Logs Insights query returned, and how much it left out. */
export interface LogsQueryResult {
  /** Each row's `@message` parsed as JSON, with its `@timestamp`. */
  readonly rows: Record<string, unknown>[];
  /** `statistics.recordsMatched` of GetQueryResults: the lines that matched, returned or not. */
  readonly recordsMatched: number | undefined;
  /** Lines that matched and were not returned (the query's limit): 0 when all were read. */
  readonly left: number;
}

/**
 * Run a Logs Insights query and return each row's `@message` parsed as JSON, with its
 * `@timestamp` (rows whose message is not JSON are kept as `{ "@message": text }`), and how many
 * matching lines the query's limit left out (`statistics.recordsMatched` against the rows).
 *
 * @throws {TriageReadError} when the query fails, is cancelled, times out in Logs Insights, or does
 * not finish in `timeoutMs` (then it is stopped with StopQuery, so it does not run on, billed).
 * @example
 * const { rows, left } = await queryLogs(logs, '/aws/lambda/shop-prod-orders', start, end, TRIAGE_LOGS_QUERY);
 */
export async function queryLogs(
  client: CloudWatchLogsClient,
  logGroupName: string,
  start: Date,
  end: Date,
  queryString: string,
  options: LogsQueryOptions = {},
): Promise<LogsQueryResult> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const { queryId } = await client.send(
    new (await triageSdks()).logs.StartQueryCommand({
      logGroupName,
      startTime: Math.floor(start.getTime() / 1000),
      endTime: Math.ceil(end.getTime() / 1000),
      queryString,
    }),
  );
  if (!queryId) throw new TriageReadError(`Logs Insights gave no query id for ${logGroupName}`);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = now() + timeoutMs;
  for (;;) {
    const page = await client.send(new (await triageSdks()).logs.GetQueryResultsCommand({ queryId }));
    if (page.status === 'Complete') {
      const rows = (page.results ?? []).map((row) => {
        const fields = Object.fromEntries(row.map((f) => [f.field ?? '', f.value ?? '']));
        const text = fields['@message'] ?? '';
        let parsed: Record<string, unknown> = { '@message': text };
        try {
          const json = JSON.parse(text) as unknown;
          if (json && typeof json === 'object') parsed = json as Record<string, unknown>;
        } catch {
          // a platform line (START, REPORT) or plain text: kept as is
        }
        return { ...parsed, '@timestamp': fields['@timestamp'] };
      });
      const recordsMatched = page.statistics?.recordsMatched;
      const left = recordsMatched === undefined ? 0 : Math.max(0, Math.round(recordsMatched) - rows.length);
      return { rows, recordsMatched, left };
    }
    // Timeout is Logs Insights' own end (a query runs at most 60 minutes): nothing left to stop.
    if (page.status === 'Failed' || page.status === 'Cancelled' || page.status === 'Timeout') {
      throw new TriageReadError(`Logs Insights query on ${logGroupName} ended ${page.status}`);
    }
    if (now() >= deadline) {
      let stopped = 'stopped';
      try {
        await client.send(new (await triageSdks()).logs.StopQueryCommand({ queryId }));
      } catch (error) {
        stopped = `not stopped: StopQuery failed: ${(error as Error).message}`;
      }
      throw new TriageReadError(
        `Logs Insights query on ${logGroupName} did not finish in ${timeoutMs / 1000} s (${page.status}); ${stopped}`,
      );
    }
    await sleep(options.pollMs ?? 1000);
  }
}
