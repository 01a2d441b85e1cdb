/**
 * What CloudWatch would have received from Lambda for an emulated run: the event source mapping's
 * metrics (namespace AWS/Lambda, dimension EventSourceMappingUUID) and the function's (dimension
 * FunctionName), written as EMF documents beside the ones the consumer printed. Then one analysis
 * reads a local run and a real account alike (`npm run triage -- --from <file>`, `npm start`).
 */
import type { EventSourceMapping } from './event-source-mapping.ts';

export interface EsmMetricOptions {
  /** Stands for the mapping's UUID. Default: its consumer group. */
  mappingId?: string;
  functionName: string;
  /** When the documents are dated (ms since the epoch). Default: now. */
  at?: number;
}

function emf(at: number, dimension: string, value: string, metrics: Record<string, number>) {
  return {
    _aws: {
      Timestamp: at,
      CloudWatchMetrics: [
        {
          Namespace: 'AWS/Lambda',
          Dimensions: [[dimension]],
          Metrics: Object.keys(metrics).map((Name) => ({ Name, Unit: 'Count' })),
        },
      ],
    },
    [dimension]: value,
    ...metrics,
  };
}

/**
 * The mapping's and the function's metrics so far, as two EMF documents.
 *
 * @example
 * await esm.drain();
 * lines.push(...esmMetricDocuments(esm, { functionName: 'orders' }));
 */
export function esmMetricDocuments(esm: EventSourceMapping, options: EsmMetricOptions): object[] {
  const at = options.at ?? Date.now();
  const s = esm.stats;
  return [
    emf(at, 'EventSourceMappingUUID', options.mappingId ?? esm.consumerGroup, {
      PolledEventCount: s.recordsDelivered,
      InvokedEventCount: s.recordsDelivered,
      OnFailureDestinationDeliveredEventCount: s.sentToDestination.length,
      // Dropped: exhausted without a destination, or lost because the destination does not exist.
      DroppedEventCount: s.discarded.length + s.undeliverable.length,
      // The emulator neither polls over a network nor commits to a broker: these cannot fail here.
      PollingErrorCount: 0,
      CommitErrorCount: 0,
      OnFailureDestinationDeliveryErrorCount: s.destinationDeliveryFailures,
      MaxOffsetLag: esm.maxOffsetLag,
      SumOffsetLag: esm.offsetLag,
    }),
    emf(at, 'FunctionName', options.functionName, {
      Invocations: s.invocations,
      Errors: s.functionErrors,
      Throttles: 0,
    }),
  ];
}
